import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import type { SimulationOptions } from '../../src/diagnostics/simulator/bluetooth';

const INSTALL = fileURLToPath(new URL('../../src/diagnostics/simulator/install.ts', import.meta.url));
let bundle: Promise<string> | undefined;

/**
 * Injects the simulated BridgeLEG bridge into every page of the context as `navigator.bluetooth`
 * (bundled from src/diagnostics/simulator), reachable in the page as `window.simulation`.
 */
export async function injectSimulatedBluetooth(context: BrowserContext, options: SimulationOptions = {}) {
  bundle ??= build({
    stdin: {
      contents: `import { installSimulatedBluetooth } from ${JSON.stringify(INSTALL)};
        window.simulation = installSimulatedBluetooth(window.simulationOptions);`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
  }).then((result) => result.outputFiles[0].text);
  await context.addInitScript(`window.simulationOptions = ${JSON.stringify(options)};\n${await bundle}`);
}

/** A browser without Web Bluetooth (Firefox, Safari, Chromium on Linux without the flag). */
export const withoutBluetooth = (context: BrowserContext) =>
  context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'bluetooth', { get: () => undefined }));
