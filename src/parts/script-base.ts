/**
 * The script-tag file's own address and nonce, read while it runs (`currentScript` is set only
 * then): its on-demand files load from beside it, with the nonce a nonce-based CSP gave it.
 */
const script = typeof document === 'undefined' ? null : document.currentScript;

/** The script's URL, the base of its parts and catalogues (`''` when it was not a script tag). */
export const scriptBase = script instanceof HTMLScriptElement ? script.src : '';

export const scriptNonce = script instanceof HTMLScriptElement ? script.nonce : '';
