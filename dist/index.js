import module from 'node:module';
try {
  module.enableCompileCache?.();
} catch {}
await import('./main.js');
