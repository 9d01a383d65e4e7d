// The page's entry against the real service or a shared HTTP mock: its API at the page's origin, or
// at `?api=<base URL>` (a page served apart from the API, as in the Playwright Test example).
import { startApp } from './app.ts';

startApp(document.getElementById('app')!, new URLSearchParams(location.search).get('api') ?? undefined);
