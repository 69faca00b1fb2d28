/** Whether the browser says it is offline (never on a server, where `navigator` may be missing). */
export const isOffline = (): boolean => globalThis.navigator?.onLine === false;
