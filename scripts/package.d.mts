/** Types of package.mjs (a plain ES module, run by `npm run package`). */
export declare function failureSentence(output: string, log: string): string;
