/**
 * What a failing onEvent hook costs: nothing to paging, and one line on the
 * console for the hook, however many pages or pagers use it.
 */
import assert from "node:assert/strict";
import { createPager, type PagerEvent } from "../../mod.ts";
import { issues } from "../../dev/records.ts";
import { allPages, rebuild } from "../support/walk.ts";

const small = { maxTokens: 400, maxChars: 2_000 };

/** Runs `body` with console.error recorded instead of printed; returns what it was given. */
async function consoleErrors(body: () => Promise<void>): Promise<unknown[][]> {
  const told: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => told.push(args);
  try {
    await body();
  } finally {
    console.error = original;
  }
  return told;
}

const throwing = () => (_event: PagerEvent) => {
  throw new Error("metrics down");
};

Deno.test("a throwing onEvent is told once on the console for all the pages of a walk", async () => {
  const onEvent = throwing();
  const told = await consoleErrors(async () => {
    const pages = await allPages(createPager({ ...small, onEvent }), issues(80));
    assert.ok(pages.length > 3);
    assert.deepEqual(rebuild(pages, issues(80)), issues(80));
  });
  assert.equal(told.length, 1);
  assert.match(String(told[0][0]), /onEvent threw/);
  assert.match(String(told[0][1]), /metrics down/);
});

Deno.test("a throwing onEvent shared by a pager per request is told once, not once a request", async () => {
  const onEvent = throwing();
  const told = await consoleErrors(async () => {
    for (let request = 0; request < 5; request++) {
      await allPages(createPager({ ...small, onEvent }), issues(40));
    }
  });
  assert.equal(told.length, 1);
});

Deno.test("a rejecting async onEvent is told once and is no unhandled rejection", async () => {
  const onEvent = (_event: PagerEvent) => Promise.reject(new Error("sink closed"));
  const told = await consoleErrors(async () => {
    await allPages(createPager({ ...small, onEvent }), issues(80));
    // The rejections are caught a microtask later: let them settle.
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  assert.equal(told.length, 1);
  assert.match(String(told[0][1]), /sink closed/);
});

Deno.test("each of two failing hooks is told", async () => {
  const told = await consoleErrors(async () => {
    await allPages(createPager({ ...small, onEvent: throwing() }), issues(40));
    await allPages(createPager({ ...small, onEvent: throwing() }), issues(40));
  });
  assert.equal(told.length, 2);
});
