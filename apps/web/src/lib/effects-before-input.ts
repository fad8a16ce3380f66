// The app runs on Preact (@preact/preset-vite), which runs effects after the next frame. A tap that
// waited behind a long render on a slow phone then reaches its handler before them: a button's
// mutation, not yet subscribed to, loses its answer (nothing said, no navigation). React runs
// pending effects before any such event; here they run as soon as the render's task ends.
import { options } from 'preact';

options.requestAnimationFrame = (flush) => queueMicrotask(flush);
