import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait up to 5 s instead of 1 s: a console page's first render (Refine's providers, the data
// grid) takes longer than a second on a loaded 2-core machine, which is not what these tests test.
configure({ asyncUtilTimeout: 5_000 });
