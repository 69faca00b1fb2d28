/** Types of engines.mjs (plain JavaScript, so the Web Test Runner config can load it too). */
export type Engine = 'chromium' | 'firefox' | 'webkit';
export declare const ENGINES: readonly Engine[];
export declare function selectedEngines(value?: string): Engine[];
export declare const chromiumPath: string | undefined;
export declare const chromiumArgs: string[];
export declare const playwrightChromium: {
  readonly browserName: 'chromium';
  readonly launchOptions: { executablePath?: string; args: string[] };
  readonly trace: 'retain-on-failure';
};
export declare const firefoxPath: string;
export declare const miniBrowserPath: string;
export declare const webkitDriverPath: string;
export declare const webkitCapabilities: { 'webkitgtk:browserOptions': { binary: string; args: string[] } };
export declare function startDisplay(): Promise<{ display: string; stop: () => Promise<void> }>;
export declare function startWebKitDriver(): Promise<{ port: number; stop: () => Promise<void> }>;
