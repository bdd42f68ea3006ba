// swagger-ui-dist ships no types; the one call the API reference makes (ui/src/pages/api-reference.tsx).
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  interface SwaggerUiOptions {
    domNode: HTMLElement;
    url: string;
    validatorUrl: string | null;
    tryItOutEnabled?: boolean;
    persistAuthorization?: boolean;
    deepLinking?: boolean;
    defaultModelsExpandDepth?: number;
  }
  const SwaggerUIBundle: (options: SwaggerUiOptions) => unknown;
  export default SwaggerUIBundle;
}
