// The page's entry against the real service (or a shared HTTP mock at the page's origin).
import { startApp } from './app.ts';

startApp(document.getElementById('app')!);
