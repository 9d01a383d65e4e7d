/* Generated from openapi/ by `npm run generate`. Do not edit by hand. */
/* Types from openapi-typescript: paths, webhooks, components, operations. */

export type paths = {
    "/integrationfund/fund/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload data-room files
         * @description Uploads data-room files for a fund run, one `files` part per file (PDF, XLSX or XLS; at most
         *     100 MB per file per request). Without `folderPath` the files go to a new folder; with the
         *     `folderPath` of an earlier upload by the caller they are added to that folder, so a data room
         *     can be uploaded over several calls. Pass the returned `folderPath` to the fund run. A run
         *     accepts at most 50 files in the folder in total.
         *
         *     Errors: `Error100` (404) when folderPath is not a folder the caller uploaded; `Error0` (500)
         *     when the analysis engine cannot be reached.
         */
        post: operations["uploadFundFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrationfund/fund/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a fund run
         * @description Starts a fund analysis run over an uploaded folder. The run is accepted when credits are
         *     available, the folder is valid and it holds at most 50 files; it is then created `pending` and
         *     10 credits are charged. Processing takes minutes: poll the fund read until `status` is
         *     `completed` or `error`. A failure during processing is not an HTTP error: the status becomes
         *     `error` and `errorMessage` explains; fundAnalysisCompleted is sent only on success.
         *
         *     `projectMode` (default `bookmark`):
         *     - `none`: portfolio companies stay as names in the fund run.
         *     - `bookmark`: each portfolio company is created as a company record; no company analysis and no extra credits.
         *     - `analyze`: each portfolio company is created and a company analysis is started, at the usual per-company cost.
         *
         *     Errors: `Error131` (402) when the plan has no credits left (nothing is charged); `Error209`
         *     (400) when the folder holds more than 50 files (refused before charging); `Error0` (500).
         */
        post: operations["startFundRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrationfund/fund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a fund run
         * @description Returns the summary of one fund run: status, headline figures, portfolio companies (linked to
         *     their company records), the fund's versions (`fundRuns`, newest first) and what can be read
         *     (`available`). It never contains the extracted data. Poll it until `status` is `completed` or
         *     `error`; on `error`, `errorMessage` explains.
         *
         *     Errors: `Error100` (404) when no run with that fundExtractionId exists in the workspace;
         *     `Error212` (403) when the user has no role on the fund; `Error0` (500).
         */
        get: operations["getFundRunSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List companies
         * @description Lists company records (projects) with their analyses, scores, status, phase and owner, one
         *     page at a time. `page` is 0-indexed (default 0); `pageSize` defaults to 10 and larger values
         *     than 100 are clamped to 100, not rejected. `search` filters by keyword over company name,
         *     website, industry, country and description; `orderby` sorts ascending by a field name.
         *
         *     The response carries `code`, `title` and `description` at the top level, next to `data`, and
         *     `pagination`. The specification's sample pagination shows page 1 for a 0-indexed request:
         *     read the returned values as given.
         *
         *     With the `id` query parameter the same path fetches one project (the shape of that response is
         *     not shown). The specification states `Content-Type: application/json` as a required header
         *     on this call, although it has no body.
         *
         *     Errors: 401 (code `4010`), 500 (code `5000`).
         */
        get: operations["listProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/project/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search companies
         * @description Finds company records by keywords. The result list sits at `data.data`; each entry has `id`
         *     (the project id).
         */
        get: operations["searchProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/project": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a company
         * @description Creates a company record (project) and, depending on `projectType`, starts its analysis. A
         *     company analysis costs credits.
         *
         *     Rules:
         *     1. `projectAnalysisWithFile`: `docLink` downloads and triggers analysis; `notesText` creates a file and triggers analysis; when neither is given, upload is manual (send files to `integrationfiles/upload` with the returned `analysisId` as the `analysisid` header).
         *     2. `projectAnalysisNoFile`: analysis runs from the website only (`companyWebsite` is required); the file fields are ignored.
         *     3. `projectNoAnalysis`: the project is created with no analysis; a folder is linked only and never triggers analysis.
         *     4. When the folder resolves to a real folder, the project is linked to it. For `projectAnalysisWithFile` and `projectAnalysisNoFile`, files found in the folder are fetched and analyzed in the same request (merged with docLink and notesText files); when none are found, the types behave as usual.
         *     5. A folder can be linked to one project only; when it is linked elsewhere the outcome is `linked_to_other_project` and no action is taken.
         *     6. The folder must exist in the drive account connected under the API-key user.
         *     7. Files added to the folder later are picked up by ongoing connector sync, not by these parameters.
         *     8. The link outcome is written to `project.extraConfig.driveFolderLink`; for `projectAnalysisWithFile` with no files at all it is also returned as `data.driveFolderLink`.
         *
         *     `folderLink` (a drive folder URL or bare folder id) takes priority over `folderName` (a name
         *     searched at the root of the connected drive; not guaranteed unique or exhaustive, and the only
         *     way to get `ambiguous_folder`). Only the `google-drive` provider is supported; `one-drive` and
         *     `sharepoint` resolve to `provider_not_supported` and no action is taken.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrationfiles/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload files for an analysis
         * @description Uploads files for the analysis of a company created with `projectAnalysisWithFile` and no
         *     `docLink` or `notesText` (manual upload). The `analysisid` header carries the `analysisId`
         *     returned by the create company call.
         */
        post: operations["uploadAnalysisFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/processmessage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a message
         * @description Submits message text and attaches it to a project. Answers 200 with the envelope's `metadata`
         *     and `data` = null. The specification states `Content-Type: application/json` as required on
         *     this call.
         */
        post: operations["processMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/analysis/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an analysis
         * @description Returns the normalized detail of one analysis: flattened KPI values (`analysisObject`, with the
         *     `projectfit_<code>_*` keys of every fit dimension), content by entity key (`analysisData`),
         *     founders, company fit, typed data points and the full project.
         */
        get: operations["getAnalysisDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/retrievereport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a report payload
         * @description Returns the report payload of an analysis of a project: the analysis detail plus
         *     report-generation fields (formatted chapter strings, project detail strings and deal scoring
         *     data).
         */
        get: operations["retrieveReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/project/fullreport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a full report
         * @description Returns the full project bundle: project detail, votes, company fit, events, investments and
         *     reporting cycle, and the analysis detail. If `analysisId` is omitted the latest completed
         *     analysis is used.
         *
         *     `sections` selects parts (all parts when omitted):
         *
         *     | Key | Returns |
         *     |---|---|
         *     | `dealscore`, `projectcompanyfit` | projectcompanyfit |
         *     | `relevantCompanyEvents` | eventsConfigsRelevantCompanyEvent |
         *     | `votes`, `votesAndNotes` | projectvotesummary |
         *     | `investments` | investments and totalInvestment |
         *     | `reportingCycle` | reportingCycle |
         *     | any other key | a chapter key: analysisDetail holds only chapters with these keys |
         *
         *     With no chapter key, `analysisDetail` is null; a part not selected is null; `projectDetail` is
         *     always returned. `analysisDetail` is also null when no completed analysis exists, and
         *     `reportingCycle` when its derivation fails.
         */
        get: operations["getFullReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the webhook configuration
         * @description Returns the caller's current webhook configuration. Requires the bearer access token of a
         *     signed-in user session; an API key is refused with 401 (`4010`).
         */
        get: operations["getWebhookConfiguration"];
        /**
         * Update the webhook configuration
         * @description Creates or updates the caller's webhook configuration (POST and PUT behave alike). `url` is
         *     required (HTTPS in production); `analysisCompleted` subscribes to the analysisCompleted event
         *     and `analysisChangedStatus` to the changedStatus event (both default false). The receiver must
         *     accept POST, be reachable from the internet and answer HTTP 200 within 30 seconds.
         *
         *     Requires the bearer access token of a signed-in user session; an API key is refused with 401
         *     (`4010`). The specification states `Content-Type: application/json` as required on this call.
         */
        put: operations["updateWebhookConfiguration"];
        /**
         * Create the webhook configuration
         * @description Creates or updates the caller's webhook configuration (POST and PUT behave alike). `url` is
         *     required (HTTPS in production); `analysisCompleted` subscribes to the analysisCompleted event
         *     and `analysisChangedStatus` to the changedStatus event (both default false). The receiver must
         *     accept POST, be reachable from the internet and answer HTTP 200 within 30 seconds.
         *
         *     Requires the bearer access token of a signed-in user session; an API key is refused with 401
         *     (`4010`). The specification states `Content-Type: application/json` as required on this call.
         */
        post: operations["createWebhookConfiguration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/webhook/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List recent webhook deliveries
         * @description Returns the 10 most recent webhook deliveries of the caller, newest first, each with its
         *     outcome (`Success`, `Error Request`, `Error Response`) and error details in
         *     `statusDescription` (for example a timeout). Accepts no query parameters. Requires the bearer
         *     access token of a signed-in user session; an API key is refused with 401 (`4010`).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    analysisCompleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Analysis completed
         * @description Sent when an analysis finishes and its results are available, to a configuration with
         *     `analysisCompleted` = true.
         *
         *     Delivered by HTTP POST with a JSON body `{ event, data }` to the configured `url`. The
         *     payload carries identifiers only; fetch full data with the analysis detail, company list (`id`
         *     query parameter) or full report reads. The receiver accepts POST, is reachable from the internet
         *     (HTTPS in production) and returns HTTP 200 within 30 seconds. Every delivery is recorded in the
         *     webhook history as `Success`, `Error Request` or `Error Response`.
         */
        post: operations["receiveAnalysisCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    changedStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Project status changed
         * @description Sent when a project's status or investment stage changes, to a configuration with
         *     `analysisChangedStatus` = true.
         *
         *     Delivered by HTTP POST with a JSON body `{ event, data }` to the configured `url`. The
         *     payload carries identifiers only; fetch full data with the analysis detail, company list (`id`
         *     query parameter) or full report reads. The receiver accepts POST, is reachable from the internet
         *     (HTTPS in production) and returns HTTP 200 within 30 seconds. Every delivery is recorded in the
         *     webhook history as `Success`, `Error Request` or `Error Response`.
         */
        post: operations["receiveChangedStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    fundAnalysisCompleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fund run completed
         * @description Sent when a fund run completes; never sent for a run that ends in `error`. How to subscribe
         *     to it is not shown.
         *
         *     Delivered by HTTP POST with a JSON body `{ event, data }` to the configured `url`. The
         *     payload carries identifiers only; fetch full data with the analysis detail, company list (`id`
         *     query parameter) or full report reads. The receiver accepts POST, is reachable from the internet
         *     (HTTPS in production) and returns HTTP 200 within 30 seconds. Every delivery is recorded in the
         *     webhook history as `Success`, `Error Request` or `Error Response`.
         */
        post: operations["receiveFundAnalysisCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        /**
         * FundUploadRequest
         * @description Data-room files, one `files` part per file. PDF, XLSX or XLS only; at most 100 MB per file per request. A folder may hold at most 50 files when a run is started.
         */
        FundUploadRequest: {
            /** @description The files, one part per file (a single file may be read as one value rather than a list of one). */
            files: unknown;
            /** @description A folderPath from an earlier upload by the caller; the files are then added to that folder instead of a new one. */
            folderPath?: string;
        };
        /**
         * @description Result code as a string. `1000` is success. Known error codes: `4010` (401, invalid or missing credentials), `5000` (500, company list), `Error0` (500, analysis engine unreachable), `Error100` (404), `Error131` (402), `Error209` (400), `Error212` (403). The set is open: codes for missing or invalid parameters are not shown (see the 400 responses, the mock's `MOCK_INVALID_REQUEST`).
         * @example 1000
         * @example 4010
         * @example Error131
         */
        ErrorCode: "1000" | "4010" | "5000" | "Error0" | "Error100" | "Error131" | "Error209" | "Error212" | (string & {});
        /** @description Outcome of a call. On success `code` is `1000`, `title` is `Successful` and `description` is an empty string; on failure `code` is one of the error codes (see ErrorCode). */
        ResponseMetadata: {
            code: components["schemas"]["ErrorCode"];
            /**
             * @example Successful
             * @example Unauthorized
             */
            title: string;
            /** @example  */
            description: string;
        };
        /**
         * MetadataEnvelope
         * @description Envelope with the outcome inside `metadata`, beside `data`. This is the placement the specification shows for most responses. No response in this placement is a long list, so it has no `pagination` (TopLevelEnvelope has it, for the company list).
         */
        MetadataEnvelope: {
            metadata: components["schemas"]["ResponseMetadata"];
            /** @description The entity, the list, or `null`. */
            data?: unknown;
        };
        /** @description Paging of a long list. Read the values as returned: the specification's sample shows `page` 1 for a request of page 0, although the `page` parameter is 0-indexed. */
        Pagination: {
            /**
             * Format: int64
             * @description Page returned, as the service reports it.
             */
            page: number;
            /**
             * Format: int64
             * @description Number of items over all pages.
             */
            totalCount: number;
            /**
             * Format: int64
             * @description Items per page after clamping (at most 100).
             */
            pageSize: number;
            /** @description Whether a further page exists. */
            nextPage: boolean;
        };
        /**
         * TopLevelEnvelope
         * @description Envelope with `code`, `title` and `description` at the top level of the body, next to `data`, instead of inside `metadata`. The company list and the error samples use this placement, and `pagination` is declared here only: the one long list, the company list, is in this placement.
         */
        TopLevelEnvelope: {
            code: components["schemas"]["ErrorCode"];
            /**
             * @example Successful
             * @example Unauthorized
             */
            title: string;
            /** @example  */
            description: string;
            /** @description The entity, the list, or `null`. */
            data?: unknown;
            pagination?: components["schemas"]["Pagination"];
        };
        /**
         * Envelope
         * @description Every response body is an envelope in one of two placements: `metadata.{code,title,description}` (MetadataEnvelope) or the same three keys at the top level (TopLevelEnvelope). A client must tolerate both, on success and on error.
         */
        Envelope: components["schemas"]["MetadataEnvelope"] | components["schemas"]["TopLevelEnvelope"];
        /**
         * FundUploadResult
         * @description Where the files were stored.
         */
        FundUploadResult: {
            /** @description Folder holding the files; pass it to the fund run or to another upload. */
            folderPath: string;
            /** @description Names of the files stored by this call. */
            fileNames: string[];
        };
        /**
         * @description What a fund run does with the portfolio companies it finds:
         *     - `none`: they stay as names in the fund run.
         *     - `bookmark` (default): each is created as a company record; no company analysis and no extra credits.
         *     - `analyze`: each is created and a company analysis is started, at the usual per-company cost.
         * @default bookmark
         * @enum {string}
         */
        ProjectMode: "none" | "bookmark" | "analyze";
        /**
         * FundRunRequest
         * @description Starts a fund analysis run over an uploaded data-room folder.
         */
        FundRunRequest: {
            /** @description Fund name. */
            name: string;
            /** @description The folderPath returned by the fund upload. The folder may hold at most 50 files. */
            folderPath: string;
            /**
             * Format: date
             * @description Reporting date of the documents (`YYYY-MM-DD`).
             */
            refDate?: string;
            projectMode?: components["schemas"]["ProjectMode"];
            /**
             * Format: uuid
             * @description Fund stage to place the fund in.
             */
            fundstageId?: string;
            /**
             * Format: uuid
             * @description Pipeline stage for companies created by `bookmark` or `analyze`.
             */
            projectstageId?: string;
            /**
             * Format: uuid
             * @description List to add those companies to.
             */
            projectlistId?: string;
            /** @description The client's firm is an LP in the fund. */
            customerIsInvestor?: boolean;
        };
        /**
         * FundRun
         * @description A fund run as created. Processing takes minutes; poll the fund read.
         */
        FundRun: {
            /**
             * Format: uuid
             * @description Identifier of this run.
             */
            fundExtractionId: string;
            /** @description Fund name. */
            name: string;
            /**
             * @description Always `pending` on creation.
             * @constant
             */
            status: "pending";
            /**
             * Format: date
             * @description Reporting date, or null when none was given.
             */
            refDate: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @description Status of a fund run. A run is created `pending`; it ends `completed` (success; the fundAnalysisCompleted webhook is sent when subscribed) or `error` (any failure during processing; `errorMessage` explains, no HTTP error, no webhook).
         * @enum {string}
         */
        FundRunStatus: "pending" | "running" | "completed" | "error";
        /** @description Stage the fund is placed in. */
        FundStage: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Kind of stage. */
            type: unknown;
            /** @description Position of the stage. */
            order: unknown;
        };
        /** @description The fund's management firm. */
        Firm: {
            /** @description Firm identifier. */
            id: unknown;
            name: string;
            /** @description Logo address. */
            logoUrl: unknown;
        };
        /** @description Owner of the fund. */
        FundOwner: {
            /** @description User identifier. */
            id: unknown;
            fullName: string;
            email: string;
        };
        /**
         * @description The caller's role on a fund. A user with no role gets Error212 (403) from the fund read.
         * @enum {string}
         */
        FundRole: "owner" | "contributor" | "reader";
        /** @description A headline figure of the fund. */
        FundFigure: {
            /** @description Figure key. Keys seen include nav, ntvpi, ndpi, unfunded, vintage, commitment, fundSize, tvpi. */
            key: "nav" | "ntvpi" | "ndpi" | "unfunded" | "vintage" | "commitment" | "fundSize" | "tvpi" | (string & {});
            label: string;
            value: number;
            /** @description Unit of the value. Units seen include currency, x, year. */
            unit: "currency" | "x" | "year" | (string & {});
            /** @description Currency code for `currency` figures. */
            currency: string | null;
        };
        /** @description A portfolio company found by the run. */
        FundCompany: {
            id: string;
            /** @enum {string} */
            status: "active" | "exited";
            companyName: string;
            /** @description Website of the company. */
            website: string | null;
            /** @description The linked company record, or null. */
            projectId: string | null;
            projectLogoUrl: string | null;
            /** @description Where the company entry came from. */
            origin: string;
        };
        /** @description One version (run) of the fund. */
        FundRunVersion: {
            /** Format: uuid */
            fundExtractionId: string;
            name: string;
            /** Format: date */
            refDate: string | null;
            status: components["schemas"]["FundRunStatus"];
            /** Format: uuid */
            baseFundExtractionId: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /** @description What can be read for this run. */
        FundAvailability: {
            workbook: boolean;
            overview: boolean;
            structure: boolean;
            incremental: boolean;
            /** @description Section names the fund-data read accepts for this run. Names seen: reconciled, entities, coverage, validation, metricDefinitions, workbookSelections, incremental, publish, runStats. */
            dataSections: ("reconciled" | "entities" | "coverage" | "validation" | "metricDefinitions" | "workbookSelections" | "incremental" | "publish" | "runStats" | (string & {}))[];
        };
        /**
         * FundRunSummary
         * @description Summary of one fund run. It never contains the extracted data.
         */
        FundRunSummary: {
            /**
             * Format: uuid
             * @description This run.
             */
            fundExtractionId: string;
            /** @description The fund the run belongs to. */
            fundId: string;
            /**
             * Format: uuid
             * @description For an incremental run, the run it extends.
             */
            baseFundExtractionId: string | null;
            /** @description Fund name. */
            name: string;
            /** @description Name given to the upload. */
            uploadName: string;
            status: components["schemas"]["FundRunStatus"];
            /** @description Failure reason when status is `error`. */
            errorMessage: string | null;
            /**
             * Format: date
             * @description Reporting date (`YYYY-MM-DD`).
             */
            refDate: string;
            projectMode: components["schemas"]["ProjectMode"];
            /** @description The client's firm is an LP in this fund. */
            customerIsInvestor: boolean;
            /** @description Whether computed (non-reported) metrics appear in the workbook. */
            showDerivedMetrics: boolean;
            fundstage: components["schemas"]["FundStage"] | null;
            /** Format: date-time */
            lastStageChange: string | null;
            firm: components["schemas"]["Firm"] | null;
            owner: components["schemas"]["FundOwner"] | null;
            myRole: components["schemas"]["FundRole"];
            /** @description Headline figures. */
            figures: components["schemas"]["FundFigure"][];
            /**
             * Format: int64
             * @description Portfolio companies found.
             */
            companiesCount: number;
            companies: components["schemas"]["FundCompany"][];
            /** @description Versions of the fund, newest first. */
            fundRuns: components["schemas"]["FundRunVersion"][];
            available: components["schemas"]["FundAvailability"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * @description Business model. Values include `b2b`, `b2c`, `b2b2c`; the list is open.
         * @example b2b
         */
        CompanyBusinessModel: "b2b" | "b2c" | "b2b2c" | (string & {});
        /**
         * @description Funding stage. Values include `preSeed`, `seed`, `seriesA`, `seriesB`; the list is open.
         * @example seriesA
         */
        CompanyStage: "preSeed" | "seed" | "seriesA" | "seriesB" | (string & {});
        /**
         * @description Processing status of the project. `completed` is a value.
         * @example completed
         */
        ProjectProcessing: "completed" | (string & {});
        /** @description The caller's relation to the project. */
        ProjectUser: {
            /**
             * @description Role of the caller on the project. `owner` is a value.
             * @example owner
             */
            role: "owner" | (string & {});
        };
        /**
         * @description Status of an analysis.
         * @enum {string}
         */
        AnalysisStatus: "completed" | "progress" | "pending" | "failed";
        /**
         * AnalysisSummary
         * @description Summary of one analysis of a project.
         */
        AnalysisSummary: {
            /** @description Analysis identifier (the `analysisId` of the analysis reads). */
            id: string;
            /**
             * @description Kind of analysis, for example `company`.
             * @example company
             */
            type: "company" | (string & {});
            status: components["schemas"]["AnalysisStatus"];
            /**
             * Format: date-time
             * @description When the analysis was created (ISO 8601).
             */
            createdAt: string;
        };
        /**
         * ProjectScore
         * @description A score of the project.
         */
        ProjectScore: {
            /**
             * @description Score calculation status. `done` is a value.
             * @example done
             */
            status: "done" | (string & {});
            /** @description Text of the score. */
            scoreText: string;
            /** @description The score, typically 0 to 10 (no bound is stated). */
            score: number;
        };
        /**
         * @description Code of a project status. `active` is a sample code.
         * @example active
         */
        ProjectStatusCode: "active" | (string & {});
        /**
         * ProjectStatus
         * @description Pipeline status of a project.
         */
        ProjectStatus: {
            /** @description Display name of the status. */
            name: string;
            code: components["schemas"]["ProjectStatusCode"];
            /**
             * Format: int64
             * @description Position of the status in the pipeline.
             */
            order: number;
            /** @description Whether the status is shown. */
            isVisible: boolean;
            /** @description Whether projects in this status carry a phase. */
            hasProjectPhase: boolean;
        };
        /**
         * ProjectPhase
         * @description Phase of a project within its status.
         */
        ProjectPhase: {
            /** @description Display name of the phase. */
            name: string;
            /**
             * @description Code of the phase. `dueDiligence` is a sample code.
             * @example dueDiligence
             */
            code: "dueDiligence" | (string & {});
            /**
             * Format: int64
             * @description Position of the phase.
             */
            order: number;
            /** @description Whether the phase is shown. */
            isVisible: boolean;
        };
        /**
         * ProjectOwner
         * @description Owner of a project.
         */
        ProjectOwner: {
            /** @description Owner's full name. */
            fullName: string;
            /** @description Owner's email. */
            email: string;
            /**
             * @description Account status of the owner.
             * @example active
             */
            status: string;
        };
        /**
         * DriveFolderLinkOutcome
         * @description Outcome of linking a project to a drive folder on creation, written to `project.extraConfig.driveFolderLink` (and returned as `data.driveFolderLink` for `projectAnalysisWithFile` with no files at all).
         */
        DriveFolderLinkOutcome: {
            /**
             * @description - `linked`: the project is now linked to the folder.
             *     - `already_linked`: the link already existed.
             *     - `linked_to_other_project`: the folder is linked to another project; no action is taken.
             *     - `not_found`: no such folder in the drive connected under the API-key user.
             *     - `ambiguous_folder`: a name search found more than one folder (name search only).
             *     - `no_connection`: the API-key user has no connected drive.
             *     - `provider_not_supported`: `one-drive` or `sharepoint` was asked for; no action is taken.
             *     - `search_failed`: the folder search failed.
             *     - `error`: another failure.
             * @enum {string}
             */
            status: "linked" | "already_linked" | "linked_to_other_project" | "not_found" | "ambiguous_folder" | "no_connection" | "provider_not_supported" | "search_failed" | "error";
        };
        /** @description Extra configuration of a project. */
        ProjectExtraConfig: {
            driveFolderLink?: components["schemas"]["DriveFolderLinkOutcome"];
        };
        /**
         * Project
         * @description A company record (project) as the company list returns it.
         */
        Project: {
            /** @description Unique project identifier. The specification types it as a string here; the format is not fixed, so the contract does not narrow it. */
            id: string;
            /** @description Short nickname. */
            name: string;
            /** @description Full company name. */
            companyName: string;
            /** @description Legal entity name. */
            companyLegalName: string;
            /** @description Company contact email. */
            companyEmail: string;
            /** @description Website URL. */
            companyWebsite: string;
            /** @description Industry classification. */
            companyIndustry: string;
            /** @description ISO 3166-1 country code. */
            companyCountry: string;
            companyBusinessModel: components["schemas"]["CompanyBusinessModel"];
            companyStage: components["schemas"]["CompanyStage"];
            /** @description Revenue bracket text. */
            companyRevenueRange: string;
            /** @description Visibility in lists. */
            isVisible: boolean;
            /** @description Pending review flag. */
            isPending: boolean;
            /** @description Unread flag. */
            isUnread: boolean;
            processing: components["schemas"]["ProjectProcessing"];
            projectUser: components["schemas"]["ProjectUser"];
            /** @description Analysis summaries of the project. */
            analyses: components["schemas"]["AnalysisSummary"][];
            /** @description Project scores. */
            projectscores: components["schemas"]["ProjectScore"][];
            projectstatus: components["schemas"]["ProjectStatus"];
            projectphase: components["schemas"]["ProjectPhase"];
            projectowner: components["schemas"]["ProjectOwner"];
            extraConfig?: components["schemas"]["ProjectExtraConfig"];
        };
        /**
         * ProjectListPage
         * @description One page of the company list: the projects in `data` and `pagination`. The specification shows this response with `code`, `title` and `description` at the top level.
         */
        ProjectListPage: components["schemas"]["Envelope"] & {
            data: components["schemas"]["Project"][];
            pagination: components["schemas"]["Pagination"];
        };
        /**
         * ProjectLookupResult
         * @description Response of the company list called with the `id` query parameter. A body with `pagination` is a page of the list and must be a valid ProjectListPage: that is what tells the two answers of the path apart, so a malformed page is never taken for a lookup.
         */
        ProjectLookupResult: components["schemas"]["Envelope"] & {
            /** @description The project looked up. */
            data: unknown;
        };
        /** @description One company found. */
        ProjectSearchEntry: {
            /** @description The project id. */
            id: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * ProjectSearchResult
         * @description Result of a company search; the list sits at `data.data`.
         */
        ProjectSearchResult: {
            data: components["schemas"]["ProjectSearchEntry"][];
        };
        /**
         * @description How the project is created:
         *     - `projectAnalysisWithFile`: `docLink` is downloaded and analyzed; `notesText` becomes a file and is analyzed; with neither, upload is manual (`integrationfiles/upload` with the returned analysisId).
         *     - `projectAnalysisNoFile`: analysis runs from the website only (`companyWebsite` required); the file fields are ignored.
         *     - `projectNoAnalysis`: the project is created with no analysis; a folder is only linked and never triggers analysis.
         * @enum {string}
         */
        ProjectType: "projectAnalysisWithFile" | "projectAnalysisNoFile" | "projectNoAnalysis";
        /**
         * @description Drive provider of the folder. Only `google-drive` is supported; `one-drive` and `sharepoint` resolve to the outcome `provider_not_supported` and no action is taken.
         * @default google-drive
         * @enum {string}
         */
        DriveProvider: "google-drive" | "one-drive" | "sharepoint";
        /**
         * CreateProjectRequest
         * @description A new company record and, depending on `projectType`, its analysis.
         */
        CreateProjectRequest: {
            /** @description Nickname. */
            name?: string;
            /** @description Full legal or company name. */
            companyName: string;
            /**
             * Format: uri
             * @description Website. Required when projectType is `projectAnalysisNoFile`, otherwise optional.
             */
            companyWebsite?: string;
            projectType: components["schemas"]["ProjectType"];
            /**
             * Format: uri
             * @description Public document URL; with `projectAnalysisWithFile` the file is downloaded and analyzed.
             */
            docLink?: string;
            /** @description Credential for a protected docLink. */
            email?: string;
            /**
             * Format: password
             * @description Credential for a protected docLink.
             */
            password?: string;
            /** @description Free text converted into a file and analyzed. */
            notesText?: string;
            /** @description Drive folder URL or bare folder id; links the project to the folder on creation; takes priority over folderName. */
            folderLink?: string;
            /** @description Folder name searched at the root of the connected drive; used only when folderLink is absent; name search is not guaranteed unique or exhaustive. */
            folderName?: string;
            driveProvider?: components["schemas"]["DriveProvider"];
        };
        /**
         * CreatedProject
         * @description The project just created.
         */
        CreatedProject: {
            id: string;
            name: string;
            companyName: string;
            /** @description Website as given (it may be absent from the request). */
            companyWebsite: string | null;
            projectType: components["schemas"]["ProjectType"];
        };
        /**
         * CreateProjectResult
         * @description The created project, its analysis and, in one case, the drive folder link outcome.
         */
        CreateProjectResult: {
            project: components["schemas"]["CreatedProject"];
            /**
             * Format: uuid
             * @description The analysis started for the project. Send it as the `analysisid` header when uploading files to `integrationfiles/upload`.
             */
            analysisId?: string;
            /** @description Returned here for `projectAnalysisWithFile` with no files at all (no docLink, no notesText, no files in the folder). */
            driveFolderLink?: components["schemas"]["DriveFolderLinkOutcome"];
        };
        /**
         * ProcessMessageRequest
         * @description Message text to attach to a project.
         */
        ProcessMessageRequest: {
            /**
             * Format: uuid
             * @description The project the message is attached to.
             */
            projectId: string;
            /** @description The message text. */
            content: string;
        };
        /**
         * AnalysisObject
         * @description Flattened KPI values plus project data. For each fit dimension code `<code>` it holds the four keys `projectfit_<code>_score` (number), `projectfit_<code>_scoreLabel` (string), `projectfit_<code>_explanation` (string) and `projectfit_<code>_scoreColor` (string).
         */
        AnalysisObject: {
            /**
             * Format: uri
             * @description Link to the project.
             */
            projectLink: string;
        } & {
            [key: string]: unknown | number | string;
        };
        /** @description One entity of the analysis content. */
        AnalysisDataEntry: {
            text: string;
            structuredData: Record<string, unknown> | null;
            type: string;
            source: string;
            sources: unknown[];
            comments: unknown[];
        };
        /** @description A founder of the company. */
        Founder: {
            fullName: string;
            /** @description Comma-separated emails. */
            emailsCsv: string;
            /** @description Comma-separated role tags. */
            tagsString: string;
        };
        /** @description Fit of the company on one dimension. */
        ProjectCompanyFitDimension: {
            /** @description Dimension code (the `<code>` of the `projectfit_<code>_*` keys). */
            code: string;
            scoreLabel: string;
            explanation: string;
            score: number;
        };
        /**
         * ProjectCompanyFit
         * @description Company fit scoring across the configured dimensions.
         */
        ProjectCompanyFit: {
            projectcompanyfitdimensions: components["schemas"]["ProjectCompanyFitDimension"][];
        };
        /**
         * @description Kind of a data point value.
         * @enum {string}
         */
        DataPointType: "integer" | "float" | "currency" | "date" | "boolean";
        /** @description A typed metric point. */
        DataPoint: {
            metricKey: string;
            dataType: components["schemas"]["DataPointType"];
            /** @description Value for the numeric kinds (`integer`, `float`, `currency`). */
            floatValue?: number;
        };
        /** @description One entity of the raw analysis. */
        AnalysisStructureEntry: {
            value: Record<string, unknown>;
            /** @description Text of the entity. */
            text: unknown;
            /** @description Structured form of the entity. */
            structuredData: unknown;
        };
        /**
         * AnalysisDetail
         * @description Normalized detail of one analysis.
         */
        AnalysisDetail: {
            analysisObject: components["schemas"]["AnalysisObject"];
            /** @description Analysis content keyed by entity key. */
            analysisData: {
                [key: string]: components["schemas"]["AnalysisDataEntry"];
            };
            /**
             * Format: uuid
             * @description Identifier of the company entity on the platform.
             */
            platformEntityCompanyId: string;
            /** @description Comma-separated domains of the company. */
            platformEntityCompanyDomainsCsv: string;
            /** @description Founders of the company. */
            founders: components["schemas"]["Founder"][];
            /**
             * Format: uuid
             * @description The project analysed.
             */
            projectId: string;
            projectcompanyfit: components["schemas"]["ProjectCompanyFit"];
            /** @description Typed metric points. */
            dataPoints: components["schemas"]["DataPoint"][];
            /** @description Flat map from metric key to value. Keys seen include `valuationCurrency`, `foundYearInteger`, `numberOfEmployeesInteger`. */
            dataPointsObject: {
                [key: string]: unknown;
            };
            /** @description Raw analysis keyed by entity key. */
            analysisStructure: {
                [key: string]: components["schemas"]["AnalysisStructureEntry"];
            };
            project: components["schemas"]["Project"];
        };
        /**
         * ReportPayload
         * @description The analysis detail plus report-generation fields: formatted chapter strings, project detail strings and deal scoring data.
         */
        ReportPayload: components["schemas"]["AnalysisDetail"];
        /**
         * ProjectDetail
         * @description The project as the full report returns it, with its analyses, scores, status and owner. When `analysisId` names a completed analysis of the project, `projectscores` holds the scores of that analysis only.
         */
        ProjectDetail: {
            companyName: string;
            companyWebsite: string;
            processing: components["schemas"]["ProjectProcessing"];
            analyses: components["schemas"]["AnalysisSummary"][];
            projectscores: components["schemas"]["ProjectScore"][];
            projectstatus: {
                name: string;
                code: components["schemas"]["ProjectStatusCode"];
            };
            extraConfig?: components["schemas"]["ProjectExtraConfig"];
        } & {
            [key: string]: unknown;
        };
        /** @description The workspace's total investment in the company. */
        TotalInvestment: {
            amount: number;
            currency: string;
        };
        /** @description Reporting cycle of the company. */
        ReportingCycle: {
            /** @description Reporting cadence. */
            cadence: unknown;
            /**
             * @description Where the cadence comes from.
             * @enum {string}
             */
            source: "fund" | "customer" | "none";
            /** @description The fund whose cadence applies, when one does. */
            sourceName: unknown;
            /** @description The current reporting cycle. */
            currentCycle: unknown;
            /** @description The next reporting cycle. */
            nextCycle: unknown;
        } & {
            [key: string]: unknown;
        };
        /**
         * FullReport
         * @description Full project bundle. `projectDetail` is always returned; every other part is `null` when it is not selected by `sections`.
         */
        FullReport: {
            projectDetail: components["schemas"]["ProjectDetail"];
            /** @description Voting summary with individual team votes; `null` when not selected. */
            projectvotesummary: unknown;
            /** @description Analysis detail holding only the selected chapters; `null` when no completed analysis exists or no chapter key is selected. */
            analysisDetail: components["schemas"]["AnalysisDetail"] | null;
            /** @description Company fit scoring; `null` when not selected. */
            projectcompanyfit: components["schemas"]["ProjectCompanyFit"] | null;
            /** @description Relevant company events and event configurations; `null` when not selected. */
            eventsConfigsRelevantCompanyEvent: unknown;
            /** @description Investment records of the company; `null` when not selected. */
            investments: unknown[] | null;
            /** @description The workspace's total investment in the company; `null` when not selected. */
            totalInvestment: components["schemas"]["TotalInvestment"] | null;
            /** @description Reporting cycle; `null` when not selected or when derivation fails. */
            reportingCycle: components["schemas"]["ReportingCycle"] | null;
        };
        /**
         * WebhookConfiguration
         * @description The caller's webhook configuration. `analysisCompleted` subscribes to the analysisCompleted event, `analysisChangedStatus` to the changedStatus event. The create/update response carries no `updatedAt`; the read does.
         */
        WebhookConfiguration: {
            id: string;
            /** Format: uri */
            url: string;
            analysisCompleted: boolean;
            analysisChangedStatus: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt?: string;
        };
        /**
         * WebhookConfigurationInput
         * @description Creates or updates the caller's webhook configuration.
         */
        WebhookConfigurationInput: {
            /**
             * Format: uri
             * @description Receiver address; HTTPS in production. The receiver accepts POST, is reachable from the internet and returns HTTP 200 within 30 seconds.
             */
            url: string;
            /**
             * @description Subscribe to the analysisCompleted event.
             * @default false
             */
            analysisCompleted?: boolean;
            /**
             * @description Subscribe to the changedStatus event.
             * @default false
             */
            analysisChangedStatus?: boolean;
        };
        /**
         * WebhookDelivery
         * @description One webhook delivery attempt and its outcome.
         */
        WebhookDelivery: {
            /** @description Name of the event delivered. */
            event: "analysisCompleted" | "changedStatus" | "fundAnalysisCompleted" | (string & {});
            /**
             * @description Outcome of the delivery: `Success`, `Error Request` or `Error Response`; the details of an error are in `statusDescription`. Outcomes are recorded per delivery, with no moves between them.
             * @enum {string}
             */
            status: "Success" | "Error Request" | "Error Response";
            /** @description Error details, for example a timeout. */
            statusDescription: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * AnalysisCompletedEvent
         * @description Sent when an analysis finishes and its results are available. Carries identifiers only.
         */
        AnalysisCompletedEvent: {
            /** @constant */
            event: "analysisCompleted";
            data: {
                /** Format: uuid */
                projectId: string;
                /** Format: uuid */
                analysisId: string;
                projectName: string;
                /** Format: uuid */
                platformEntityCompanyId: string;
            };
        };
        /**
         * ChangedStatusEvent
         * @description Sent when a project's status or investment stage changes. Carries identifiers only.
         */
        ChangedStatusEvent: {
            /** @constant */
            event: "changedStatus";
            data: {
                /** Format: uuid */
                projectId: string;
                projectName: string;
                previousStatus: string;
                newStatus: string;
                stage: string;
                /** Format: date-time */
                changedAt: string;
            };
        };
        /**
         * FundAnalysisCompletedEvent
         * @description Sent when a fund run completes; never sent for a run that ends in `error`.
         */
        FundAnalysisCompletedEvent: {
            /** @constant */
            event: "fundAnalysisCompleted";
            /** @description Payload of the event. */
            data: unknown;
        };
    };
    responses: {
        /** @description Any other error, for example an unknown id or an unsupported content type. The body is the error envelope; its code and HTTP status are not shown by the specification. */
        UnspecifiedError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
        /** @description A missing or invalid parameter or body field. The body is the error envelope; its description names each violation. */
        InvalidRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
        /** @description Invalid or missing credentials (code `4010`, title `Unauthorized`). Also returned by the webhook configuration and history calls when they are sent an API key instead of a bearer token. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
        /** @description folderPath does not name a folder the caller uploaded (code `Error100`). */
        UploadFolderNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
        /** @description The analysis engine cannot be reached (code `Error0`); retry later. */
        EngineUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
        /** @description The folder holds more than 50 files (code `Error209`), refused before charging; or a missing or invalid body field. */
        FundRunBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
        /** @description The plan has no credits left (code `Error131`); nothing is charged. */
        NoCredits: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
        /** @description The user has no role on this fund (code `Error212`). */
        NoRoleOnFund: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
        /** @description No run with that fundExtractionId in the workspace (code `Error100`). */
        FundRunNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
        /** @description Unexpected error (code `5000`, title `Internal Server Error`). */
        CompanyListServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Envelope"];
            };
        };
    };
    parameters: {
        /**
         * @description The fund run, as returned by the fund run call.
         * @example 9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d
         */
        FundExtractionId: string;
        /**
         * @description Page to return, 0-indexed. Read the returned `pagination.page` as given.
         * @example 0
         */
        Page: number;
        /**
         * @description Items per page; default 10, maximum 100. Larger values are accepted and clamped to 100, not rejected.
         * @example 25
         */
        PageSize: number;
        /**
         * @description Keyword filter over company name, website, industry, country and description.
         * @example energy
         */
        Search: string;
        /**
         * @description Field name to sort by, ascending.
         * @example companyName
         */
        OrderBy: string;
        /**
         * @description A project id. With it the same path fetches one project instead of the list.
         * @example 3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10
         */
        ProjectLookupId: string;
        /**
         * @description Search text.
         * @example helio
         */
        Keywords: string;
        /**
         * @description The `analysisId` returned by the create company call; the files are attached to that analysis.
         * @example 7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88
         */
        AnalysisIdHeader: string;
        /**
         * @description The analysis.
         * @example 7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88
         */
        AnalysisIdQuery: string;
        /**
         * @description The project.
         * @example 3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10
         */
        ProjectIdQuery: string;
        /**
         * @description The analysis to report on. If omitted, the latest completed analysis is used. When it is a completed analysis of the project, `projectDetail.projectscores` holds the scores of that analysis only.
         * @example 7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88
         */
        FullReportAnalysisId: string;
        /**
         * @description Comma-separated list of parts to return; all parts when omitted. Part keys: `dealscore`, `projectcompanyfit`, `relevantCompanyEvents`, `votes`, `votesAndNotes`, `investments`, `reportingCycle`; any other key is a chapter key (see the operation's table).
         * @example dealscore,investments,reportingCycle
         */
        Sections: "dealscore" | "projectcompanyfit" | "relevantCompanyEvents" | "votes" | "votesAndNotes" | "investments" | "reportingCycle" | (string & {});
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    uploadFundFiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["FundUploadRequest"];
            };
        };
        responses: {
            /** @description Files stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FundUploadResult"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["UploadFolderNotFound"];
            500: components["responses"]["EngineUnavailable"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    startFundRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FundRunRequest"];
            };
        };
        responses: {
            /** @description Run accepted and 10 credits charged; the run is `pending`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FundRun"];
                    };
                };
            };
            400: components["responses"]["FundRunBadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["NoCredits"];
            500: components["responses"]["EngineUnavailable"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    getFundRunSummary: {
        parameters: {
            query: {
                /**
                 * @description The fund run, as returned by the fund run call.
                 * @example 9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d
                 */
                fundExtractionId: components["parameters"]["FundExtractionId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fund run summary. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FundRunSummary"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["NoRoleOnFund"];
            404: components["responses"]["FundRunNotFound"];
            500: components["responses"]["EngineUnavailable"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /**
                 * @description Page to return, 0-indexed. Read the returned `pagination.page` as given.
                 * @example 0
                 */
                page?: components["parameters"]["Page"];
                /**
                 * @description Items per page; default 10, maximum 100. Larger values are accepted and clamped to 100, not rejected.
                 * @example 25
                 */
                pageSize?: components["parameters"]["PageSize"];
                /**
                 * @description Keyword filter over company name, website, industry, country and description.
                 * @example energy
                 */
                search?: components["parameters"]["Search"];
                /**
                 * @description Field name to sort by, ascending.
                 * @example companyName
                 */
                orderby?: components["parameters"]["OrderBy"];
                /**
                 * @description A project id. With it the same path fetches one project instead of the list.
                 * @example 3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10
                 */
                id?: components["parameters"]["ProjectLookupId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of companies (or, with `id`, the one project). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectListPage"] | components["schemas"]["ProjectLookupResult"];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["CompanyListServerError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    searchProjects: {
        parameters: {
            query: {
                /**
                 * @description Search text.
                 * @example helio
                 */
                keywords: components["parameters"]["Keywords"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matching companies. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ProjectSearchResult"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProjectRequest"];
            };
        };
        responses: {
            /** @description The project was created. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["CreateProjectResult"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    uploadAnalysisFiles: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The `analysisId` returned by the create company call; the files are attached to that analysis.
                 * @example 7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88
                 */
                analysisid: components["parameters"]["AnalysisIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": Record<string, unknown>;
            };
        };
        responses: {
            /** @description The files were accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"];
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    processMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProcessMessageRequest"];
            };
        };
        responses: {
            /** @description The message was accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: null;
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    getAnalysisDetail: {
        parameters: {
            query: {
                /**
                 * @description The analysis.
                 * @example 7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88
                 */
                analysisId: components["parameters"]["AnalysisIdQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The analysis detail. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["AnalysisDetail"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    retrieveReport: {
        parameters: {
            query: {
                /**
                 * @description The project.
                 * @example 3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10
                 */
                projectId: components["parameters"]["ProjectIdQuery"];
                /**
                 * @description The analysis.
                 * @example 7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88
                 */
                analysisId: components["parameters"]["AnalysisIdQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report payload. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["ReportPayload"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    getFullReport: {
        parameters: {
            query: {
                /**
                 * @description The project.
                 * @example 3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10
                 */
                projectId: components["parameters"]["ProjectIdQuery"];
                /**
                 * @description The analysis to report on. If omitted, the latest completed analysis is used. When it is a completed analysis of the project, `projectDetail.projectscores` holds the scores of that analysis only.
                 * @example 7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88
                 */
                analysisId?: components["parameters"]["FullReportAnalysisId"];
                /**
                 * @description Comma-separated list of parts to return; all parts when omitted. Part keys: `dealscore`, `projectcompanyfit`, `relevantCompanyEvents`, `votes`, `votesAndNotes`, `investments`, `reportingCycle`; any other key is a chapter key (see the operation's table).
                 * @example dealscore,investments,reportingCycle
                 */
                sections?: components["parameters"]["Sections"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The full report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["FullReport"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    getWebhookConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["WebhookConfiguration"] | null;
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    updateWebhookConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookConfigurationInput"];
            };
        };
        responses: {
            /** @description The saved configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["WebhookConfiguration"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    createWebhookConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookConfigurationInput"];
            };
        };
        responses: {
            /** @description The saved configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["WebhookConfiguration"];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The most recent deliveries, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Envelope"] & {
                        data: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            400: components["responses"]["InvalidRequest"];
            401: components["responses"]["Unauthorized"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    receiveAnalysisCompleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnalysisCompletedEvent"];
            };
        };
        responses: {
            /** @description Received. The receiver must answer 200 within 30 seconds. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received. Any answer other than 200, or none within 30 seconds, is a failed delivery in the webhook history. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveChangedStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangedStatusEvent"];
            };
        };
        responses: {
            /** @description Received. The receiver must answer 200 within 30 seconds. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received. Any answer other than 200, or none within 30 seconds, is a failed delivery in the webhook history. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveFundAnalysisCompleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FundAnalysisCompletedEvent"];
            };
        };
        responses: {
            /** @description Received. The receiver must answer 200 within 30 seconds. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not received. Any answer other than 200, or none within 30 seconds, is a failed delivery in the webhook history. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
