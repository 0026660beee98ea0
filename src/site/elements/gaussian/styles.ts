/**
 * Styles of the three 3D elements, rendered inline with the element (SSR and client alike) so the
 * placeholder is styled before any script or lazy chunk arrives. Colours follow the site's
 * `--color-primary` (HSL components, see shared/format/color.ts).
 */
const primary = (alpha = 1) => `hsl(var(--color-primary, 224 76% 48%)${alpha < 1 ? ` / ${alpha}` : ''})`;

export const GAUSSIAN_CSS = `
.bk-gs{margin:0;font:inherit;color:#fff}
.bk-gs-stage{position:relative;width:100%;aspect-ratio:16/9;max-height:85vh;min-height:260px;overflow:hidden;border-radius:12px;isolation:isolate;
background:radial-gradient(120% 90% at 50% 30%,${primary(0.38)} 0%,transparent 62%),linear-gradient(180deg,#1e293b 0%,#0b1220 100%)}
@media (max-width:767px){.bk-gs-stage{aspect-ratio:1/1;border-radius:8px}}
.bk-gs-canvas{position:absolute;inset:0;z-index:0}
.bk-gs-poster{position:absolute;inset:0;z-index:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;text-align:center;transition:opacity .5s ease;pointer-events:none}
.bk-gs[data-state=ready] .bk-gs-poster{opacity:0}
.bk-gs-poster-title{margin:0;font-size:clamp(1.25rem,2.4vw,1.75rem);font-weight:600;letter-spacing:-.01em}
.bk-gs-poster-status{margin:0;font-size:.95rem;color:rgba(255,255,255,.78);max-width:42ch}
.bk-gs-icon{width:48px;height:48px;color:${primary()};filter:brightness(1.6)}
.bk-gs[data-state=loading] .bk-gs-icon,.bk-gs[data-state=idle] .bk-gs-icon{animation:bk-gs-spin 2.4s linear infinite}
@keyframes bk-gs-spin{to{transform:rotate(360deg)}}
.bk-gs-hint{position:absolute;z-index:3;left:50%;bottom:16px;transform:translateX(-50%);display:flex;align-items:center;gap:8px;padding:8px 14px;border-radius:999px;background:rgba(15,23,42,.72);backdrop-filter:blur(6px);font-size:.85rem;white-space:nowrap;pointer-events:none;opacity:0;transition:opacity .4s ease}
.bk-gs[data-state=ready] .bk-gs-hint{opacity:1}
.bk-gs[data-interacted=true] .bk-gs-hint,.bk-gs[data-active=true] .bk-gs-hint{opacity:0}
.bk-gs-has-bar .bk-gs-hint{bottom:80px}
.bk-gs-hint-touch{display:none}
@media (pointer:coarse){.bk-gs-hint-touch{display:inline}.bk-gs-hint-mouse{display:none}}
.bk-gs-markers{position:absolute;inset:0;z-index:2;pointer-events:none}
.bk-gs-marker{position:absolute;left:0;top:0;width:36px;height:36px;margin:-18px 0 0 -18px;display:grid;place-items:center;border:2px solid #fff;border-radius:50%;background:${primary()};color:#fff;font-family:inherit;font-size:.9rem;font-weight:600;line-height:1;cursor:pointer;pointer-events:auto;box-shadow:0 0 0 6px ${primary(0.35)},0 4px 14px rgba(0,0,0,.35);visibility:hidden;transition:box-shadow .2s ease,background-color .2s ease}
.bk-gs-marker:hover,.bk-gs-marker[aria-pressed=true]{box-shadow:0 0 0 10px ${primary(0.45)},0 4px 14px rgba(0,0,0,.35)}
.bk-gs-marker:focus-visible,.bk-gs-chip:focus-visible,.bk-gs-option:focus-visible{outline:3px solid #fff;outline-offset:2px}
.bk-gs-caption{position:absolute;z-index:3;left:16px;top:16px;max-width:calc(100% - 32px);padding:10px 16px;border-radius:8px;background:rgba(15,23,42,.78);backdrop-filter:blur(6px);font-size:1.05rem;font-weight:600;border-left:4px solid ${primary()}}
.bk-gs-bar{position:absolute;z-index:3;left:0;right:0;bottom:0;display:flex;gap:8px;padding:16px;overflow-x:auto;scrollbar-width:none;background:linear-gradient(0deg,rgba(11,18,32,.75),transparent)}
.bk-gs-chip{flex:none;display:inline-flex;align-items:center;gap:8px;min-height:44px;padding:0 16px;border:1px solid rgba(255,255,255,.35);border-radius:999px;background:rgba(15,23,42,.6);color:#fff;font-family:inherit;font-size:.95rem;font-weight:500;line-height:1;cursor:pointer;backdrop-filter:blur(6px);transition:background-color .2s ease,border-color .2s ease}
.bk-gs-chip:hover{border-color:#fff}
.bk-gs-chip[aria-pressed=true]{background:${primary()};border-color:${primary()}}
.bk-gs-chip-number{display:grid;place-items:center;width:22px;height:22px;border-radius:50%;background:rgba(255,255,255,.2);font-size:.8rem}
.bk-gs-panel{position:absolute;z-index:3;right:16px;top:16px;width:min(280px,calc(100% - 32px));padding:16px;border-radius:10px;background:rgba(255,255,255,.96);color:#1f2937;box-shadow:0 10px 30px rgba(0,0,0,.3)}
.bk-gs-panel h3{margin:0 0 12px;font-size:1rem;font-weight:600}
.bk-gs-options{display:flex;flex-direction:column;gap:8px}
.bk-gs-option{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:44px;padding:0 14px;border:1px solid #d1d5db;border-radius:8px;background:#fff;color:inherit;font-family:inherit;font-size:.95rem;font-weight:500;line-height:1.2;text-align:left;cursor:pointer}
.bk-gs-option:hover{border-color:${primary()}}
.bk-gs-option[aria-pressed=true]{border-color:${primary()};background:${primary(0.08)};box-shadow:inset 0 0 0 1px ${primary()}}
.bk-gs-option[data-loading=true]::after{content:'';width:14px;height:14px;border:2px solid ${primary(0.3)};border-top-color:${primary()};border-radius:50%;animation:bk-gs-spin .8s linear infinite}
@media (max-width:767px){.bk-gs-hint{white-space:normal;text-align:center;width:max-content;max-width:calc(100% - 32px);font-size:.8rem}.bk-gs-panel{top:12px;left:12px;right:12px;width:auto;padding:12px}.bk-gs-panel h3{margin-bottom:8px;font-size:.95rem}.bk-gs-options{flex-direction:row;flex-wrap:wrap}.bk-gs-option{flex:1 1 40%;justify-content:center;text-align:center}.bk-gs-caption{left:12px;top:12px;font-size:.95rem}.bk-gs-bar{padding:12px;-webkit-mask-image:linear-gradient(90deg,#000 calc(100% - 40px),transparent);mask-image:linear-gradient(90deg,#000 calc(100% - 40px),transparent)}}
@media (prefers-reduced-motion:reduce){.bk-gs *{animation:none!important;transition:none!important}}
`;
