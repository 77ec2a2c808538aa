await import('./main.js');
