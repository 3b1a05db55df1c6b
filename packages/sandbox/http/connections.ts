// How many connections the sandbox keeps open at once (issue 29 item 7):
// enough for a test suite's parallel clients and the demo; idle ones close
// after 5 s (server.ts keepAliveTimeout). One more is closed as it opens.
export const DEFAULT_MAX_CONNECTIONS = 256;
