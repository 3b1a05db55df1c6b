// Swagger UI over the sandbox's OpenAPI document (a file, so the page needs no inline script).
window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false, supportedSubmitMethods: [] });
