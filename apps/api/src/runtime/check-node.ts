// Imported first by server.ts, so the check runs before configuration, database or server start. (In the bundle the
// npm packages are imported ahead of it, as ES imports are; they load on older Node, they are just not supported.)
import { exitOnUnsupportedNode } from './node-version';

exitOnUnsupportedNode();
