/** The page's CSS: system fonts, light and dark, readable from 320 px wide. */
export const STYLE = `
:root{--bg:#fff;--fg:#1b1b1b;--muted:#5c5c5c;--card:#f5f6f8;--line:#d5d8dd;--accent:#0b57d0;--err:#b3261e;--ok:#146c2e}
@media (prefers-color-scheme:dark){:root{--bg:#121316;--fg:#e6e6e6;--muted:#a0a4ab;--card:#1d1f24;--line:#363a42;--accent:#8ab4f8;--err:#f2b8b5;--ok:#8fd6a0}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:56rem;padding:1rem;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:var(--bg);color:var(--fg)}
h1{font-size:1.5rem;margin:.25rem 0}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}h3{font-size:1rem;margin:1rem 0 .5rem}
.muted{color:var(--muted)}code,pre,textarea{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
pre{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:.6rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere;margin:.4rem 0}
.list{display:grid;gap:.75rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:.75rem}
.card h3{margin:0;font-size:1.05rem;overflow-wrap:anywhere}
.badge{display:inline-block;font-size:.75rem;border:1px solid var(--line);border-radius:999px;padding:0 .5rem;margin:.2rem .25rem 0 0}
label{display:block;font-weight:600;margin-top:.5rem}
.field-desc{font-weight:400;color:var(--muted);font-size:.875rem}
input,select,textarea{width:100%;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:.45rem .5rem;min-height:2.5rem}
input[type=checkbox]{width:auto;min-height:0;transform:scale(1.3);margin:.3rem .5rem .3rem 0}
fieldset{border:1px solid var(--line);border-radius:6px;margin:.5rem 0;padding:.25rem .6rem .6rem}
button{font:inherit;font-weight:600;border:1px solid var(--accent);background:var(--accent);color:var(--bg);border-radius:6px;padding:.45rem .9rem;margin:.5rem .5rem 0 0;min-height:2.5rem;cursor:pointer}
button.secondary{background:transparent;color:var(--accent)}
button:disabled{opacity:.6;cursor:progress}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}.row label{width:100%}.row input{flex:1 1 12rem;width:auto}
.result{margin-top:.5rem}.result.error pre,.error{color:var(--err)}
.elicit{border:2px solid var(--accent);border-radius:8px;padding:.6rem;margin-top:.5rem;background:var(--bg)}
progress{width:100%;height:1rem}
.progress-log ol{margin:.2rem 0;padding-left:1.5rem;max-height:12rem;overflow:auto}
img,audio{max-width:100%}
details summary{cursor:pointer;font-weight:600;margin-top:.5rem}
.req{color:var(--err)}
.app-frame{display:block;width:100%;height:320px;border:1px solid var(--line);border-radius:6px;background:var(--bg);margin-top:.5rem}.app-frame.borderless{border:0}
.app-fullscreen{position:fixed;inset:0;z-index:10;background:var(--bg);padding:.5rem;overflow:auto}.app-fullscreen .app-frame{height:calc(100vh - 6rem)!important}
.app-log p{margin:.2rem 0;overflow-wrap:anywhere}.app-context{max-height:12rem}
`
