import { denoServe } from "../support/deno_serve.ts";
import { connect } from "./_pages.ts";
import {
  APP,
  checkHttpFace,
  checkNarrowing,
  checkToolList,
  checkWalks,
  denoWalks,
} from "./_suite.ts";

Deno.test("Deno example under deno serve: HTTP face and tool list", async (t) => {
  const app = await denoServe(APP);
  try {
    await checkHttpFace(t, app.url, "pagewise-demo.deno.dev");
    const connection = await connect(app.url, "v1");
    try {
      await checkToolList(t, connection);
      await checkNarrowing(t, connection);
    } finally {
      await connection.close();
    }
  } finally {
    await app.close();
  }
});

// The walk is shared with the Worker's tests (see _suite.ts): they compare
// their pages with it, this test checks it.
Deno.test("Deno example under deno serve: SDK v1 client walks every page of each tool", async (t) => {
  await checkWalks(t, await denoWalks());
});
