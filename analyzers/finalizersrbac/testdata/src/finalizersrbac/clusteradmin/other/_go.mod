module example.com/clusterview

go 1.26
