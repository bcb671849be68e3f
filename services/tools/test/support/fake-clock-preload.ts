/** `node --import` this in a process that should follow the test's clock (FAKE_CLOCK_FILE). */
import { installFakeClock } from './fake-clock.js';

const file = process.env.FAKE_CLOCK_FILE;
if (file) installFakeClock(file);
