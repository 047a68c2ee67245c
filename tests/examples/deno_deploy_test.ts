import { denoServe } from "../support/deno_serve.ts";
import { checkHttpFace, walkEveryTool } from "./_suite.ts";

const APP = "examples/deno-deploy/main.ts";

Deno.test("Deno example under deno serve: HTTP face", async (t) => {
  const app = await denoServe(APP);
  try {
    await checkHttpFace(t, app.url, "pagewise-demo.deno.dev");
  } finally {
    await app.close();
  }
});

Deno.test("Deno example under deno serve: SDK v1 client walks every page of each tool", async (t) => {
  const app = await denoServe(APP);
  try {
    await walkEveryTool(t, app.url, "v1");
  } finally {
    await app.close();
  }
});
