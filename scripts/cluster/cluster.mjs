// `npm run cluster`: nginx in front of three Pasar instances on PostgreSQL and Redis (the cluster's
// own, or DATABASE_URL / REDIS_URL), one command; prints the URL and runs until Ctrl-C.
// CLUSTER_INSTANCES=n for another count, CLUSTER_PORT for the balancer's port. Serves the front end
// that `npm start` / `pnpm build` built (shell/dist and .deploy); the API works without it.
import { runMain, seconds } from '../lib/repo.mjs';
import { startCluster } from './cluster-lib.mjs';

runMain(async () => {
  const started = Date.now();
  const cluster = await startCluster({ instances: Number(process.env.CLUSTER_INSTANCES ?? 3), killOnSignal: false });
  console.log(`\n  Pasar (${cluster.nodes.length} instances behind nginx) is ready at ${cluster.url}  (started in ${seconds(Date.now() - started)}; Ctrl-C stops it)`);
  for (const node of cluster.nodes) console.log(`    ${node.id}: ${node.url}  log ${node.logFile}`);
  console.log(`    PostgreSQL: ${cluster.postgres ? cluster.postgres.url : 'DATABASE_URL'}   Redis: ${cluster.redis ? cluster.redis.url : 'REDIS_URL'}`);
  console.log(`    operator token (ADMIN_TOKEN): ${cluster.adminToken}`);
  console.log(`    every answer names its instance in x-pasar-instance; fault tests: npm run cluster:faults\n`);
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.log('\nStopping the cluster…');
  await cluster.stop();
  return 0;
});
