// The shared module's face: what more than one product (client, mock, conformance) needs, and the
// only way into common/ from outside it.
export * from './json-pointer.ts';
export * from './provider-states/companies.states.ts';
export * from './provider-states/credential-states.ts';
export * from './provider-states/credentials.ts';
export * from './provider-states/funds.states.ts';
export * from './provider-states/http-states.ts';
export * from './provider-states/provider-states.ts';
export * from './provider-states/reports.states.ts';
export * from './provider-states/webhooks.states.ts';
export * from './gap-profile.ts';
export * from './gap-profile-values.ts';
