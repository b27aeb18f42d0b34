/**
 * Published studies as files ({@code studies/NAME/study.yaml}): what a study set up, which experiments it
 * ran (each a workload file and the driver settings per system of this repository that match the
 * study's), and every figure it published, with its uncertainty. {@link
 * io.openmessaging.benchmark.study.StudySchema} declares the format with {@code benchmark-config}; {@link
 * io.openmessaging.benchmark.study.StudyLoader} reads and checks a file, reporting every problem as {@code
 * file:line:column: key: …}. A study describes what was published: it runs nothing and knows no worker,
 * coordinator, installed driver or report.
 */
package io.openmessaging.benchmark.study;
