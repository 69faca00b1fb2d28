import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { HostedCheckoutController, type HostedCheckoutOptions } from './hosted-checkout-controller.js';

const SESSION_ID = 'ors_abcdefghijklmnop1234';
const URL_ = new URL(`https://checkout.example.test/pay/${SESSION_ID}?t=tok`);

const host: ReactiveControllerHost = {
  addController: (_c: ReactiveController) => {},
  removeController: () => {},
  requestUpdate: () => {},
  updateComplete: Promise.resolve(true),
};

describe('HostedCheckoutController', () => {
  let clock: sinon.SinonFakeTimers;
  let options: { [K in keyof HostedCheckoutOptions]-?: sinon.SinonStub } & HostedCheckoutOptions;

  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    options = {
      frame: sinon.stub().returns(null),
      onSurface: sinon.stub(),
      onFallback: sinon.stub().returns(true),
      onHint: sinon.stub(),
      onResize: sinon.stub(),
      readyTimeoutMs: 4000,
      navigate: sinon.stub(),
    } as never;
  });
  afterEach(() => {
    clock.restore();
    sinon.restore();
  });

  it('a frame that loads without `ready` is refused after a short grace, then the popup', () => {
    const open = sinon.stub(window, 'open').returns(null);
    const controller = new HostedCheckoutController(host, options);
    controller.open(URL_, SESSION_ID, 'embedded', 'en');
    expect(options.onSurface.lastCall.args).to.deep.equal(['frame']);
    controller.frameLoaded();
    clock.tick(399);
    expect(options.onFallback.callCount).to.equal(0);
    clock.tick(1);
    expect(options.onFallback.firstCall.args[0]).to.equal('frame-refused');
    expect(open.callCount).to.equal(1);
    expect(options.onFallback.secondCall.args[0]).to.equal('popup-blocked');
    expect(options.navigate.callCount).to.equal(1);
    expect(options.onSurface.lastCall.args).to.deep.equal(['link']);
    controller.close();
  });

  it('close() and disconnect cancel the ready timer', () => {
    const controller = new HostedCheckoutController(host, options);
    controller.open(URL_, SESSION_ID, 'embedded', 'en');
    controller.hostDisconnected();
    clock.tick(10_000);
    expect(options.onFallback.callCount).to.equal(0);
  });

  it('redirect mode navigates to the URL with the buyer’s locale, without embed_origin', () => {
    const controller = new HostedCheckoutController(host, options);
    controller.open(URL_, SESSION_ID, 'redirect', 'pt-BR');
    expect(options.navigate.firstCall.args).to.deep.equal([`${URL_.href}&locale=pt-BR`]);
    expect(options.onSurface.callCount).to.equal(0);
  });
});
