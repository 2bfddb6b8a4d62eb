// The one zod every contract schema is built with. zod 4 probes `new Function` to decide whether
// to compile fast parsers; under the site's CSP (no 'unsafe-eval') that probe is a violation.
// Jitless parsing gives the same results without it.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
