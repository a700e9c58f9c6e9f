/**
 * A browser test drives chromium through several screens, each waiting on a server and a render. CI runs
 * every suite at once on a two-core machine, where a test was seen to take four times as long as on a
 * quiet one (one that takes 7 s alone ran out of 30 s): a test fails on what it finds, not on the clock.
 * Tests that need more still say so themselves.
 */
jest.setTimeout(180_000);
