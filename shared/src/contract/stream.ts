// Live streams (issue 4): the WebSocket protocol's messages — zod schemas and their types.
export {};
