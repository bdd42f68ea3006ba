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
    /** Functions of Swagger UI's system returning plugin objects (components, wrapComponents…). */
    /** Called once Swagger UI has rendered the fetched document. */
    onComplete?: () => void;
    plugins?: Array<(system: never) => object>;
  }
  const SwaggerUIBundle: (options: SwaggerUiOptions) => unknown;
  export default SwaggerUIBundle;
}
