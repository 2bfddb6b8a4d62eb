// How a shutting-down instance (SIGTERM) closes its WebSockets: 1012 "service restart", the
// reconnect hint; the client reconnects, through the balancer to another instance, and takes
// fresh snapshots (decision 0026).
export const SHUTDOWN_CLOSE_CODE = 1012;
export const SHUTDOWN_CLOSE_REASON = 'server restarting, reconnect';
