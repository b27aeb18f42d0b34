{{/* Name prefix of every object: fullnameOverride, or the release name (+ "-benchmark" unless it says so). */}}
{{- define "benchmark.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* The workers' StatefulSet and their headless Service share this name. */}}
{{- define "benchmark.workerName" -}}
{{- printf "%s-worker" (include "benchmark.fullname" .) -}}
{{- end -}}

{{- define "benchmark.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* selectorLabels <component>: what selects one component's pods. */}}
{{- define "benchmark.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "benchmark.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) -}}
{{- end -}}

{{- define "benchmark.tokenSecretName" -}}
{{- .Values.token.existingSecret | default (printf "%s-token" (include "benchmark.fullname" .)) -}}
{{- end -}}

{{- define "benchmark.tokenSecretKey" -}}
{{- if .Values.token.existingSecret -}}
{{- .Values.token.existingSecretKey -}}
{{- else -}}
token
{{- end -}}
{{- end -}}

{{/* The workers' URLs, comma-separated: one per StatefulSet pod, by its stable DNS name. */}}
{{- define "benchmark.workerUrls" -}}
{{- $name := include "benchmark.workerName" . -}}
{{- $urls := list -}}
{{- range $i := until (int .Values.workers.replicas) -}}
{{- $urls = append $urls (printf "http://%s-%d.%s.%s.svc.%s:%d" $name $i $name $.Release.Namespace $.Values.clusterDomain (int $.Values.workers.port)) -}}
{{- end -}}
{{- join "," $urls -}}
{{- end -}}

{{/* The OMB_WORKER_TOKEN variable, from the Secret. */}}
{{- define "benchmark.tokenEnv" -}}
- name: OMB_WORKER_TOKEN
  valueFrom:
    secretKeyRef:
      name: {{ include "benchmark.tokenSecretName" . }}
      key: {{ include "benchmark.tokenSecretKey" . }}
{{- end -}}

{{- define "benchmark.resultsClaim" -}}
{{- .Values.results.persistence.existingClaim | default (printf "%s-results" (include "benchmark.fullname" .)) -}}
{{- end -}}

{{/* The driver file the coordinator passes with -d: the inline one (from the ConfigMap) or the image's. */}}
{{- define "benchmark.driverPath" -}}
{{- if .Values.coordinator.driver.inline -}}
/etc/benchmark/inline/driver.yaml
{{- else -}}
/opt/benchmark/{{ required "coordinator.driver: give inline YAML or a file of the image" .Values.coordinator.driver.file }}
{{- end -}}
{{- end -}}
