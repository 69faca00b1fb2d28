/**
 * The JSON Schema of the native bridge's messages (draft 2020-12), generated from the reader: what
 * `onramp-checkout/bridge.schema.json` holds, and what the tests validate every posted message against.
 */
import * as z from 'zod/mini';
import { BRIDGE_VERSION } from '../../src/contract/bridge-protocol.js';
import {
  bridgeFeesSchema,
  bridgeMessageSchema,
  bridgeQuoteSchema,
  bridgeSessionSchema,
} from '../../src/contract/read/bridge-message.js';

export function bridgeSchemaDocument(): Record<string, unknown> {
  // The shapes several types share, named in `$defs`.
  const names = z.registry<{ id: string }>();
  names.add(bridgeSessionSchema, { id: 'Session' });
  names.add(bridgeQuoteSchema, { id: 'Quote' });
  names.add(bridgeFeesSchema, { id: 'Fees' });
  return {
    ...z.toJSONSchema(bridgeMessageSchema, { target: 'draft-2020-12', metadata: names }),
    $id: `https://onramp-checkout.dev/schemas/bridge-v${BRIDGE_VERSION}.json`,
    title: 'onramp-checkout native bridge message',
    description:
      'One message the widget or the hosted checkout posts to a native app (docs/mobile.md): {source: "onramp-checkout", version, type, …}.',
  };
}
