export declare const CLIENT_DIR: string;
export declare function clientIsStale(): boolean;
export declare function buildClient(options?: { ifStale?: boolean; strict?: boolean }): Promise<boolean>;
