/**
 * The few types of the optional peers `react-native` and `react-native-webview` that
 * `src/react-native/` uses, as they declare them (react-native 0.86, react-native-webview 16), for
 * this repository's own type check, lint and declaration build: the package's root installs
 * neither (they are the app's). Never shipped: the published declarations import the real packages.
 * test/react-native type-checks the same sources against the real packages (its tsconfig leaves
 * this file out), so a declaration here that drifts from theirs fails there.
 */

declare module 'react-native' {
  export interface NativeSyntheticEvent<T> {
    nativeEvent: T;
  }
  export type StyleProp<T> = T | readonly StyleProp<T>[] | null | undefined | false;
  export type ViewStyle = Record<string, unknown>;
  export const Linking: {
    /** Fails when no app on the device opens `url`. */
    openURL(url: string): Promise<unknown>;
  };
}

declare module 'react-native-webview' {
  import type { Component } from 'react';
  import type { NativeSyntheticEvent, StyleProp, ViewStyle } from 'react-native';

  interface WebViewNativeEvent {
    url: string;
    loading: boolean;
    title: string;
    canGoBack: boolean;
    canGoForward: boolean;
    lockIdentifier: number;
  }
  export interface WebViewNavigation extends WebViewNativeEvent {
    navigationType: 'click' | 'formsubmit' | 'backforward' | 'reload' | 'formresubmit' | 'other';
    mainDocumentURL?: string;
  }
  interface ShouldStartLoadRequest extends WebViewNavigation {
    isTopFrame: boolean;
  }
  export type WebViewMessageEvent = NativeSyntheticEvent<WebViewNativeEvent & { data: string }>;
  type WebViewOpenWindowEvent = NativeSyntheticEvent<{ targetUrl: string }>;

  export interface WebViewProps {
    source?: { uri: string };
    style?: StyleProp<ViewStyle>;
    readonly originWhitelist?: string[];
    onMessage?: (event: WebViewMessageEvent) => void;
    onNavigationStateChange?: (event: WebViewNavigation) => void;
    onShouldStartLoadWithRequest?: (event: ShouldStartLoadRequest) => boolean;
    onOpenWindow?: (event: WebViewOpenWindowEvent) => void;
    setSupportMultipleWindows?: boolean;
    javaScriptEnabled?: boolean;
    domStorageEnabled?: boolean;
    thirdPartyCookiesEnabled?: boolean;
    mediaCapturePermissionGrantType?:
      'grantIfSameHostElsePrompt' | 'grantIfSameHostElseDeny' | 'deny' | 'grant' | 'prompt';
    allowsInlineMediaPlayback?: boolean;
  }
  export class WebView extends Component<WebViewProps> {}
}
