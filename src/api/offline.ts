/** Whether the browser says it is offline (never on a server, where `navigator` may be missing). */
export const isOffline = (): boolean => (globalThis as { navigator?: Navigator }).navigator?.onLine === false;
