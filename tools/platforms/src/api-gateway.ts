// A fetch that goes through a Lambda handler as API Gateway would: the Request becomes a real proxy event
// (HTTP API payload 2.0, or REST API payload 1.0), the handler is invoked with it and a Lambda context, and
// its result becomes the Response. Clients take it as their `fetch`, so they talk MCP to the handler.
import { randomUUID } from 'node:crypto'
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda'

export type PayloadVersion = '1.0' | '2.0'
type Result = APIGatewayProxyResult & APIGatewayProxyStructuredResultV2
type Handler = (event: any, context: Context) => Promise<unknown>

const context = (): Context => ({
  callbackWaitsForEmptyEventLoop: true,
  functionName: 'mcp',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:mcp',
  memoryLimitInMB: '1024',
  awsRequestId: randomUUID(),
  logGroupName: '/aws/lambda/mcp',
  logStreamName: '2026/12/06/[$LATEST]0123456789abcdef',
  getRemainingTimeInMillis: () => 30_000,
  done: () => {},
  fail: () => {},
  succeed: () => {},
})

/** The event API Gateway hands Lambda for `request`. */
export async function eventFor(request: Request, version: PayloadVersion) {
  const url = new URL(request.url)
  const body = request.body ? await request.text() : undefined
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  headers.host = url.host
  const now = Date.now()
  const sourceIp = '203.0.113.7'
  const userAgent = headers['user-agent'] ?? 'node'
  if (version === '2.0') {
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: '$default',
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      requestContext: {
        accountId: '123456789012',
        apiId: 'abc123defg',
        domainName: url.host,
        domainPrefix: url.host.split('.')[0]!,
        http: { method: request.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp, userAgent },
        requestId: randomUUID(),
        routeKey: '$default',
        stage: '$default',
        time: new Date(now).toUTCString(),
        timeEpoch: now,
      },
      isBase64Encoded: false,
      ...(url.search ? { queryStringParameters: Object.fromEntries(url.searchParams) } : {}),
      ...(body !== undefined ? { body } : {}),
    }
    return event
  }
  const event: APIGatewayProxyEvent = {
    resource: '/{proxy+}',
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : null,
    multiValueQueryStringParameters: null,
    pathParameters: { proxy: url.pathname.slice(1) },
    stageVariables: null,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123defg',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: request.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp,
        user: null,
        userAgent,
        userArn: null,
      },
      path: `/prod${url.pathname}`,
      stage: 'prod',
      requestId: randomUUID(),
      requestTimeEpoch: now,
      resourceId: 'a1b2c3',
      resourcePath: '/{proxy+}',
    },
    body: body ?? null,
    isBase64Encoded: false,
  }
  return event
}

/** A fetch whose every request is one invocation of `handler` through API Gateway. */
export function apiGatewayFetch(handler: Handler, version: PayloadVersion): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const result = (await handler(await eventFor(request, version), context())) as Result
    const headers = new Headers()
    for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, String(value))
    for (const [name, values] of Object.entries(result.multiValueHeaders ?? {}))
      for (const value of values) headers.append(name, String(value))
    for (const cookie of result.cookies ?? []) headers.append('set-cookie', cookie)
    const body = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? '')
    const empty = result.statusCode === 202 || result.statusCode === 204
    return new Response(empty ? null : body, { status: result.statusCode ?? 200, headers })
  }
}
