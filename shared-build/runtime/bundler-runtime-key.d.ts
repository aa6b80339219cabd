export declare const BUNDLER_RUNTIME_KEY: string;
