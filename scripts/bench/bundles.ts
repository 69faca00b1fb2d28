/**
 * The script-tag files a bench run compares: this build's and, with `BENCH_BEFORE`, one built from
 * another revision. Cold loads of one page vary by tens of ms with what else the machine does, so
 * the timed parts take turns: every round loads each file once, in the order turned round after
 * round, and a machine that gets busier or quieter during the run weighs on every file alike.
 */
import { writeFileSync } from 'node:fs';

export interface Bundle {
  label: string;
  code: string;
}

/** Where the demo serves the script-tag file from. */
export const SCRIPT_FILE = 'dist/cdn/onramp-checkout.iife.js';

/**
 * Serves `bundle` as the demo's script-tag file (written over this build's, which the caller puts
 * back) and has the demo compress it now: a load never waits for that compression.
 */
export async function serveBundle(bundle: Bundle, demoUrl: string): Promise<void> {
  writeFileSync(SCRIPT_FILE, bundle.code);
  const answer = await fetch(`${demoUrl}/${SCRIPT_FILE}`, { headers: { 'Accept-Encoding': 'br' } });
  await answer.arrayBuffer();
}

/** The bundles in round `round`'s order: as given in even rounds, reversed in odd ones. */
export const roundOrder = <T>(items: readonly T[], round: number): readonly T[] =>
  round % 2 ? [...items].reverse() : items;
