{{/*
Names, labels and the settings every template shares.
*/}}

{{- define "chorely.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Prefix of every resource name: <release>-<chart>, or the release name alone when
it already contains the chart name. Kept short enough for a component suffix.
*/}}
{{- define "chorely.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 40 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "chorely.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Selector labels of a component. Call with (dict "root" $ "component" "auth"). */}}
{{- define "chorely.selectorLabels" -}}
app.kubernetes.io/name: {{ include "chorely.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* Every label of a component. Call with (dict "root" $ "component" "auth"). */}}
{{- define "chorely.labels" -}}
helm.sh/chart: {{ include "chorely.chart" .root }}
{{ include "chorely.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: chorely
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Name of a component's resources: <fullname>-<component>. */}}
{{- define "chorely.componentName" -}}
{{- printf "%s-%s" (include "chorely.fullname" .root) .component }}
{{- end }}

{{/*
Name of a service's migration Job in this release, <componentName>-migrate-r<revision>:
a new Job per release, since a Job's pod template cannot change. The Job
controller copies the name into a label of its pods, so 63 characters at most.
Call with (dict "root" $ "component" "auth").
*/}}
{{- define "chorely.migrationJobName" -}}
{{- $suffix := printf "-migrate-r%d" (int .root.Release.Revision) }}
{{- printf "%s%s" (include "chorely.componentName" . | trunc (int (sub 63 (len $suffix))) | trimSuffix "-") $suffix }}
{{- end }}

{{- define "chorely.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "chorely.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* Image of a service. Call with (dict "root" $ "component" "auth"). */}}
{{- define "chorely.image" -}}
{{- $image := .root.Values.image }}
{{- $repository := printf "%s/%s" $image.repository .component }}
{{- if $image.registry }}
{{- $repository = printf "%s/%s" (trimSuffix "/" $image.registry) $repository }}
{{- end }}
{{- printf "%s:%s" $repository (default .root.Chart.AppVersion $image.tag) }}
{{- end }}

{{/*
Merges the map .src into the map .dst, key by key at every depth; a value of
.src that is not a map (false, 0 and null included) replaces the one in .dst.
Sprig's mergeOverwrite would ignore false and 0, so `enabled: false` under a
service could not turn off a default.
*/}}
{{- define "chorely.merge" -}}
{{- $dst := .dst }}
{{- range $key, $value := .src }}
{{- $current := get $dst $key }}
{{- if and (kindIs "map" $value) (kindIs "map" $current) }}
{{- include "chorely.merge" (dict "dst" $current "src" $value) }}
{{- else }}
{{- $_ := set $dst $key $value }}
{{- end }}
{{- end }}
{{- end }}

{{/*
A service's settings: `defaults` with `services.<name>` merged over them, as
YAML (read back with fromYaml). Call with (dict "root" $ "component" "auth").
*/}}
{{- define "chorely.settings" -}}
{{- $settings := deepCopy .root.Values.defaults }}
{{- include "chorely.merge" (dict "dst" $settings "src" (deepCopy (index .root.Values.services .component))) }}
{{- toYaml $settings }}
{{- end }}

{{/*
The environment of a service's containers, as a list for `env:`. The migration
Job and the init container get the same list as the service: the subcommands
read the service's whole configuration. .extra (NAME: value) goes before the
service's own `env`. Call with (dict "root" $ "component" "auth" "settings" $c)
and optionally "extra" (dict ...).
*/}}
{{- define "chorely.env" -}}
{{- $root := .root }}
{{- $name := .component }}
{{- if eq $name "gateway" -}}
- name: HTTP_ADDR
  value: {{ printf "0.0.0.0:%v" .settings.port | quote }}
{{- else -}}
- name: GRPC_ADDR
  value: {{ printf "0.0.0.0:%v" .settings.port | quote }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "chorely.databaseSecretName" $root }}
      key: {{ $name }}
{{- end }}
{{- if and $root.Values.events.existingSecret (not $root.Values.nats.enabled) }}
- name: NATS_URL
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.events.existingSecret }}
      key: url
{{- end }}
{{- if include "chorely.natsUsers" $root }}
- name: NATS_USER
  value: {{ $name | quote }}
- name: NATS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "chorely.natsUsersSecretName" $root }}
      key: {{ $name }}
{{- end }}
- name: JWT_PUBLIC_KEY_FILE
  value: /keys/public/jwt-public.pem
{{- if eq $name "auth" }}
- name: JWT_PRIVATE_KEY_FILE
  value: /keys/private/jwt-private.pem
- name: MAIL_FROM
  value: {{ $root.Values.mail.from | quote }}
- name: SMTP_URL
{{- if $root.Values.mailpit.enabled }}
  value: {{ printf "smtp://%s:1025" (include "chorely.componentName" (dict "root" $root "component" "mailpit")) | quote }}
{{- else }}
  valueFrom:
    secretKeyRef:
      name: {{ include "chorely.smtpSecretName" $root }}
      key: url
{{- end }}
{{- end }}
{{- if eq $name "chores" }}
- name: S3_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ include "chorely.s3SecretName" $root }}
      key: access-key-id
- name: S3_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "chorely.s3SecretName" $root }}
      key: secret-access-key
{{- end }}
{{- if $root.Values.tracing.resourceAttributes }}
- name: POD_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
- name: OTEL_RESOURCE_ATTRIBUTES
  value: "k8s.namespace.name=$(POD_NAMESPACE),k8s.pod.name=$(POD_NAME)"
{{- end }}
{{- range $key, $value := .extra }}
- name: {{ $key }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- range $key, $value := .settings.env }}
- name: {{ $key }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end }}

{{/* The shared settings every Chorely container reads, for `envFrom:`. */}}
{{- define "chorely.envFrom" -}}
- configMapRef:
    name: {{ include "chorely.fullname" . }}-config
{{- end }}

{{/* In-cluster URL of a service. Call with (dict "root" $ "component" "auth"). */}}
{{- define "chorely.serviceUrl" -}}
{{- printf "http://%s:%v" (include "chorely.componentName" .) (index .root.Values.services .component).port }}
{{- end }}

{{/* --- Connections -------------------------------------------------------- */}}

{{/* Whether each process logs in to NATS as its own user ("true" or empty). */}}
{{- define "chorely.natsUsers" -}}
{{- if or .Values.nats.enabled .Values.events.users.enabled }}true{{ end }}
{{- end }}

{{/* The Secret of the processes' NATS passwords (keys: auth, ..., gateway). */}}
{{- define "chorely.natsUsersSecretName" -}}
{{- .Values.events.users.existingSecret | default (printf "%s-nats-users" (include "chorely.fullname" .)) }}
{{- end }}

{{/* Every process that logs in to NATS: the services and the gateway. */}}
{{- define "chorely.natsUserNames" -}}
{{- list "auth" "family" "chores" "rewards" "platform" "gateway" | toJson }}
{{- end }}

{{- define "chorely.natsUrl" -}}
{{- if .Values.nats.enabled }}
{{- printf "nats://%s:4222" (include "chorely.componentName" (dict "root" . "component" "nats")) }}
{{- else }}
{{- required "events.url is required (or set nats.enabled)" .Values.events.url }}
{{- end }}
{{- end }}

{{- define "chorely.s3Endpoint" -}}
{{- if .Values.minio.enabled }}
{{- printf "http://%s:9000" (include "chorely.componentName" (dict "root" . "component" "minio")) }}
{{- else }}
{{- required "objectStorage.endpoint is required (or set minio.enabled)" .Values.objectStorage.endpoint }}
{{- end }}
{{- end }}

{{- define "chorely.otlpEndpoint" -}}
{{- if .Values.tracing.otlpEndpoint }}
{{- .Values.tracing.otlpEndpoint }}
{{- else if .Values.jaeger.enabled }}
{{- printf "http://%s:4317" (include "chorely.componentName" (dict "root" . "component" "jaeger")) }}
{{- end }}
{{- end }}

{{- /* Invite links are built from it alone (never a request's Host), so it is required. */ -}}
{{- define "chorely.publicUrl" -}}
{{- if .Values.config.publicUrl }}
{{- .Values.config.publicUrl }}
{{- else if .Values.ingress.enabled }}
{{- printf "%s://%s" (ternary "https" "http" .Values.ingress.tls.enabled) .Values.ingress.host }}
{{- else }}
{{- fail "config.publicUrl is required (or turn the Ingress on): the address people open Chorely at, e.g. https://app.chorely.example; invite links are built from it" }}
{{- end }}
{{- end }}

{{/* --- Secrets: the one you manage, or the one the chart makes -------------- */}}

{{- define "chorely.jwtSecretName" -}}
{{- default (printf "%s-jwt" (include "chorely.fullname" .)) .Values.jwt.existingSecret }}
{{- end }}

{{/* The in-chart PostgreSQL always gets a chart-made Secret of URLs. */}}
{{- define "chorely.databaseSecretName" -}}
{{- if or .Values.postgresql.enabled (not .Values.database.existingSecret) }}
{{- printf "%s-database" (include "chorely.fullname" .) }}
{{- else }}
{{- .Values.database.existingSecret }}
{{- end }}
{{- end }}

{{- define "chorely.smtpSecretName" -}}
{{- default (printf "%s-smtp" (include "chorely.fullname" .)) .Values.mail.existingSecret }}
{{- end }}

{{- define "chorely.s3SecretName" -}}
{{- default (printf "%s-s3" (include "chorely.fullname" .)) .Values.objectStorage.existingSecret }}
{{- end }}

{{/* --- In-chart infrastructure (development) --------------------------------- */}}

{{/* Security settings of an in-chart StatefulSet's pod. Call with the uid. */}}
{{- define "chorely.infraPodSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ . }}
runAsGroup: {{ . }}
fsGroup: {{ . }}
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "chorely.infraSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: ["ALL"]
{{- end }}

{{/*
The data volume of an in-chart StatefulSet: a claim template when persistence
is on. Call with (dict "root" $ "persistence" .Values.x.persistence).
*/}}
{{- define "chorely.volumeClaimTemplates" -}}
{{- if .persistence.enabled }}
volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      {{- with .persistence.storageClass }}
      storageClassName: {{ . | quote }}
      {{- end }}
      resources:
        requests:
          storage: {{ .persistence.size }}
{{- end }}
{{- end }}

{{- define "chorely.dataVolume" -}}
{{- if not .enabled }}
- name: data
  emptyDir: {}
{{- end }}
{{- end }}
