import { writeFileSync } from 'node:fs';
import { startProductionServer } from './first-load-lib.mjs';
import { runLighthouse } from './lighthouse-lib.mjs';
const server = await startProductionServer({});
try {
  for (const route of process.argv[2].split(',')) {
    const { lhr } = await runLighthouse(`${server.baseUrl}${route}`, ['performance']);
    writeFileSync(`/tmp/prof/lhr${route.replaceAll('/', '_')}.json`, JSON.stringify(lhr));
    const a = lhr.audits;
    console.log(route, 'TBT', a['total-blocking-time'].numericValue, 'FCP', a['first-contentful-paint'].numericValue, 'TTI', a.interactive.numericValue, 'BI', lhr.environment.benchmarkIndex);
    for (const t of a['main-thread-tasks'].details.items) if (t.duration > 10) console.log('  ', Math.round(t.startTime), Math.round(t.duration));
  }
} finally { await server.stop?.(); process.exit(0); }
