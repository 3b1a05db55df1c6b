// Swagger UI over the sandbox's OpenAPI document (a file, so the page needs no inline script).
window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false, supportedSubmitMethods: [],
  // No badge from validator.swagger.io: the docs ask no third-party host for anything.
  validatorUrl: null });
