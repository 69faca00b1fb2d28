import { connection } from 'next/server';
import { createSession, onramp } from '../onramp';
import { CheckoutWrapper } from './checkout-wrapper';

export const instant = false;

export default async function WrapperPage() {
  await connection();
  const session = await createSession();
  return (
    <>
      <h1>The React wrapper in a client component</h1>
      <CheckoutWrapper {...onramp} session={session} />
    </>
  );
}
