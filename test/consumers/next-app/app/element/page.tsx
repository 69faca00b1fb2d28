import { connection } from 'next/server';
import { createSession, onramp } from '../onramp';
import { CheckoutElement } from './checkout-element';

export const instant = false;

export default async function ElementPage() {
  await connection();
  const session = await createSession();
  return (
    <>
      <h1>The element in a client component</h1>
      <CheckoutElement {...onramp} session={session} />
    </>
  );
}
