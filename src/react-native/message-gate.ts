/**
 * Which posted messages the app hears: one of the contract's messages (the zod reader, strict), from
 * the checkout's origin, while the main frame shows a page of that origin. Anything else is dropped
 * without a word: a page of another site, a frame, or a message of another library has nothing to
 * tell this app.
 */
import type { BridgeMessage } from '../contract/bridge-protocol.js';
import { readBridgeMessage } from '../contract/read/bridge-message.js';
import { originOf } from './origin.js';

/** The part of react-native-webview's message event this reads. */
export interface PostedMessage {
  data: string;
  /**
   * Where it came from: on iOS the posting frame's URL (only the main frame can post there), on
   * Android the posting frame's origin (every frame can post there).
   */
  url?: string | undefined;
}

/**
 * The message, or `null` when it is not to be heard. `shownUrl` is the main frame's URL, as the
 * navigation events last reported it.
 */
export function acceptMessage(posted: PostedMessage, shownUrl: string, checkoutOrigin: string): BridgeMessage | null {
  if (originOf(shownUrl) !== checkoutOrigin) return null;
  if (posted.url === undefined || originOf(posted.url) !== checkoutOrigin) return null;
  return readBridgeMessage(posted.data);
}
