// The one place a request to the engine is built (docs/api.md): the model text, the model chosen in
// a file with several, the analysis and its parameters.

// The part every request about one model text shares.
export function baseRequest({ text, modelName }) {
  const request = { model: text };
  if (modelName) request.model_name = modelName;
  return request;
}

// A request for one analysis; params are left out when there are none.
export function analysisRequest(base, analysis, params) {
  const request = { ...base, analysis };
  if (params && Object.keys(params).length) request.params = params;
  return request;
}

// The kind of model a reply is about (the common envelope's `kind`).
export function replyKind(response) {
  return response?.kind ?? null;
}
