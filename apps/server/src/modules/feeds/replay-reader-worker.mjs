// Starts the replay reader's worker thread (replay-reader-worker.ts). Node 20 runs a worker without
// the loader hooks its process was started with (`--import tsx`), so tsx's loader is registered here.
import { register } from 'tsx/esm/api';

register();
await import('./replay-reader-worker.ts');
