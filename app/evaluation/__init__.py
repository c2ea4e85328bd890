"""Evaluation: how well the pipeline does, on golden sets the user can write.

- `recall`: golden cases (question + answer span) and chunk/context recall@k,
- `answer_accuracy`: `eval --answers`, evidence@1/@3 and the model's accuracy,
- `comparison`: the fitted and Spring AI profiles side by side,
- `health`: the chunk-health report (what the embedder cannot see),
- `tables`: the recall and answer reports as the rows the window shows,
- `export`: a recall report saved as JSON or CSV.
"""
