import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../openapi/schema';

export type OperationId = keyof operations;

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Body<O> = O extends { requestBody: infer R } ? Json<R> : O extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;
type Path<O> = O extends { parameters: { path: infer P } } ? P : O extends { parameters: { path?: infer P } } ? P : never;
type Query<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
type Success<O> = O extends { responses: infer R } ? { [S in keyof R]: S extends 200 | 201 | 202 ? Json<R[S]> : never }[keyof R] : never;

export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Body: Body<operations[K]>;
  Params: Path<operations[K]>;
  Querystring: Query<operations[K]>;
}>;

/** A handler returns the JSON success body of its operation, or sends a non-JSON reply itself. */
export type Handler<K extends OperationId> = (request: OperationRequest<K>, reply: FastifyReply) => Promise<Success<operations[K]> | FastifyReply>;

export type Handlers<K extends OperationId = OperationId> = { [P in K]: Handler<P> };
