export function group(): string;
export function openapiLedgers(): string[];
