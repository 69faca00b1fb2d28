import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ServerClock } from './server-clock.js';

const SERVER = Date.UTC(2025, 0, 15, 12, 0, 0);
const httpDate = (ms: number) => new Date(ms).toUTCString();

describe('ServerClock', () => {
  let clock: sinon.SinonFakeTimers;
  afterEach(() => clock.restore());

  it('is the device clock until a Date header is seen', () => {
    clock = sinon.useFakeTimers({ now: SERVER, toFake: ['Date'] });
    const server = new ServerClock();
    expect(server.now()).to.equal(SERVER);
    server.observe(null, SERVER, SERVER);
    server.observe('not a date', SERVER, SERVER);
    expect(server.offsetMs).to.equal(0);
  });

  it('follows the server when the device clock is 10 minutes behind', () => {
    const device = SERVER - 10 * 60_000;
    clock = sinon.useFakeTimers({ now: device, toFake: ['Date'] });
    const server = new ServerClock();
    server.observe(httpDate(SERVER), device, device);
    // The header has 1 s resolution: the midpoint of [date, date + 1 s) is used.
    expect(server.offsetMs).to.equal(10 * 60_000 + 500);
    expect(server.now()).to.equal(SERVER + 500);
    clock.tick(60_000);
    expect(server.now()).to.equal(SERVER + 60_500);
  });

  it('follows the server when the device clock is 10 minutes ahead', () => {
    const device = SERVER + 10 * 60_000;
    clock = sinon.useFakeTimers({ now: device, toFake: ['Date'] });
    const server = new ServerClock();
    server.observe(httpDate(SERVER), device - 200, device + 200);
    expect(server.now()).to.equal(SERVER + 500);
  });

  it('uses the midpoint of the request as the device time', () => {
    clock = sinon.useFakeTimers({ now: SERVER + 2000, toFake: ['Date'] });
    const server = new ServerClock();
    server.observe(httpDate(SERVER), SERVER, SERVER + 2000);
    // server time at the midpoint (device SERVER+1000) was SERVER+500
    expect(server.offsetMs).to.equal(-500);
  });

  it('narrows the estimate with each response, and ignores a slow one', () => {
    clock = sinon.useFakeTimers({ now: SERVER, toFake: ['Date'] });
    const server = new ServerClock();
    server.observe(httpDate(SERVER + 10_000), SERVER, SERVER); // offset in [10 000, 11 000]
    expect(server.offsetMs).to.equal(10_500);
    server.observe(httpDate(SERVER + 10_000), SERVER + 600, SERVER + 600); // [9 400, 10 400]
    expect(server.offsetMs).to.equal(10_200);
    server.observe(httpDate(SERVER + 10_000), SERVER, SERVER + 5000); // slow: [5 000, 11 000]
    expect(server.offsetMs).to.equal(10_200);
  });

  it('starts again when the device clock jumps', () => {
    clock = sinon.useFakeTimers({ now: SERVER, toFake: ['Date'] });
    const server = new ServerClock();
    server.observe(httpDate(SERVER + 10_000), SERVER, SERVER);
    server.observe(httpDate(SERVER + 10_000), SERVER - 120_000, SERVER - 120_000);
    expect(server.offsetMs).to.equal(130_500);
  });
});
