/**
 * This build's id (lib/build/inputs-digest.ts), as wxt.config.ts defines it
 * into the code of every page and of the worker. Where nothing defined it
 * (WXT reading an entrypoint's options in Node), 'unbuilt'.
 */
declare const __VANTAGE_BUILD__: string | undefined;

export const BUILD_ID: string = typeof __VANTAGE_BUILD__ === 'string' ? __VANTAGE_BUILD__ : 'unbuilt';
