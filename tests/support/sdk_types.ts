/** Request and notification schemas of the MCP SDK v1, typed under Deno (upstream #2701). */
// @ts-types="@modelcontextprotocol/sdk/types"
export {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
