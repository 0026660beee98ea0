import { SimulatedBluetooth, type SimulationOptions } from './bluetooth';

/**
 * Puts the simulated bridge where the browser's Web Bluetooth lives (`navigator.bluetooth`), so the
 * tool's real Connect path runs against it: used by the browser tests and the diagnostics benchmark.
 */
export function installSimulatedBluetooth(options?: SimulationOptions): SimulatedBluetooth {
  const simulation = new SimulatedBluetooth(options);
  Object.defineProperty(navigator, 'bluetooth', { value: simulation, configurable: true });
  return simulation;
}
