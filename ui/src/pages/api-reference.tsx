import { useEffect, useRef } from 'react';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

/**
 * The /api/v1 reference rendered by Swagger UI from the app's own bundle (this module is lazy-loaded
 * by the API docs page, so the main bundle does not carry it). Reads /api/v1/openapi.json; "Try it
 * out" calls the API with the key given under Authorize. No request leaves this server: the online
 * validator badge is off.
 */
export default function ApiReference() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    SwaggerUIBundle({
      domNode: ref.current,
      url: '/api/v1/openapi.json',
      validatorUrl: null,
      tryItOutEnabled: true,
      deepLinking: false,
      defaultModelsExpandDepth: -1,
    });
  }, []);
  return <div ref={ref} className="api-reference rounded-2xl bg-white p-2 dark:bg-slate-100" />;
}
